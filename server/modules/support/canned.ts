import { asc, eq } from 'drizzle-orm';
import type { CannedRepliesDto } from '../../../contract';
import type { AppContext } from '../../app-context';
import { supportCannedReplies } from '../../db/schema';
import { Refusal } from '../../refusal';

/** Canned replies (docs/support.md): kept by operators, picked by any agent. */
export async function listCanned(maru: AppContext): Promise<CannedRepliesDto> {
  const rows = await maru.db
    .select()
    .from(supportCannedReplies)
    .orderBy(asc(supportCannedReplies.title), asc(supportCannedReplies.id));
  return { rows: rows.map((r) => ({ id: r.id, title: r.title, text: r.body })) };
}

export async function createCanned(
  maru: AppContext,
  staffId: number,
  body: { title: string; text: string },
): Promise<number> {
  const [row] = await maru.db
    .insert(supportCannedReplies)
    .values({ title: body.title.trim(), body: body.text.trim(), createdBy: staffId })
    .returning({ id: supportCannedReplies.id });
  if (!row) throw new Error('canned reply insert returned nothing');
  return row.id;
}

export async function updateCanned(
  maru: AppContext,
  body: { id: number; title: string; text: string },
): Promise<void> {
  const changed = await maru.db
    .update(supportCannedReplies)
    .set({ title: body.title.trim(), body: body.text.trim(), updatedAt: maru.clock.now() })
    .where(eq(supportCannedReplies.id, body.id))
    .returning({ id: supportCannedReplies.id });
  if (changed.length === 0) throw new Refusal('support.canned_not_found');
}

export async function deleteCanned(maru: AppContext, id: number): Promise<void> {
  const removed = await maru.db
    .delete(supportCannedReplies)
    .where(eq(supportCannedReplies.id, id))
    .returning({ id: supportCannedReplies.id });
  if (removed.length === 0) throw new Refusal('support.canned_not_found');
}
