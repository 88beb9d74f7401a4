import { and, eq, gt, sql } from 'drizzle-orm';
import type {
  SupportHistoryDto,
  SupportHoursDto,
  SupportImageDataDto,
  SupportSendDto,
  SupportStatusDto,
} from '../../../contract';
import { SUPPORT_PAGE_DEFAULT } from '../../../contract';
import type { AppContext } from '../../app-context';
import { noteForCommit } from '../../db/after-commit';
import type { Database, Transaction } from '../../db/connect';
import { supportConversations, supportMessages, uploads } from '../../db/schema';
import { isInState } from '../../../machines/state-value';
import { applyEvent, conversationLifecycle } from '../../lifecycle';
import { MINUTE_MS, seoulMsOfDay } from '../../market/seoul-time';
import { Refusal } from '../../refusal';
import { readSettings } from '../../settings';
import { storeImage } from '../../uploads';
import { agentsCounted } from './presence';
import type { AgentPresence } from './presence';
import { conversationById, conversationDto, messageDtos, messagePage } from './views';

/**
 * The customer's side of customer service (docs/support.md): one conversation per customer,
 * opened by the first message and reopened by writing to a closed one. Live messages need an
 * agent on shift; otherwise the customer leaves a message, which waits in the queue.
 */
export const SUPPORT_IMAGE_PURPOSE = 'support';
type Db = Database | Transaction;

/** Agents on shift who have the desk open (presence.ts): 0 means leave a message. */
export async function agentsOnShift(db: Db, presence: AgentPresence): Promise<number> {
  return (await agentsCounted(db, presence)).length;
}

export async function supportHours(db: Db, now: Date): Promise<SupportHoursDto> {
  const { 'support.opens': opens, 'support.closes': closes } = await readSettings(db, [
    'support.opens',
    'support.closes',
  ]);
  const minute = Math.floor(seoulMsOfDay(now.getTime()) / MINUTE_MS);
  // A window that wraps past midnight (opens 22:00, closes 06:00) is open on both sides of it.
  const open =
    opens <= closes ? minute >= opens && minute < closes : minute >= opens || minute < closes;
  return { opens, closes, timeZone: 'Asia/Seoul', open };
}

async function conversationOf(db: Db, customerId: number) {
  const [row] = await db
    .select()
    .from(supportConversations)
    .where(eq(supportConversations.customerId, customerId));
  return row ?? null;
}

/** The customer's conversation row, made (waiting, the machine's initial state) on first use. */
export async function ensureConversation(db: Db, customerId: number): Promise<number> {
  await db.insert(supportConversations).values({ customerId }).onConflictDoNothing();
  const row = await conversationOf(db, customerId);
  if (!row) throw new Error('conversation row missing after insert');
  return row.id;
}

export async function supportStatus(
  maru: AppContext,
  customerId: number,
): Promise<SupportStatusDto> {
  const row = await conversationOf(maru.db, customerId);
  return {
    agentsOnShift: await agentsOnShift(maru.db, maru.supportPresence),
    hours: await supportHours(maru.db, maru.clock.now()),
    conversation: row ? await conversationDto(maru.db, row) : null,
  };
}

export async function supportHistory(
  maru: AppContext,
  customerId: number,
  page: { before?: number | null; limit?: number | null },
): Promise<SupportHistoryDto> {
  const row = await conversationOf(maru.db, customerId);
  if (!row) return { rows: [], hasMore: false };
  return messagePage(maru.db, row.id, page.before ?? null, page.limit ?? SUPPORT_PAGE_DEFAULT);
}

type Content = { text: string } | { image: { id: string; width: number; height: number } };

/**
 * Writes one customer message: opens the conversation on the first, reopens a closed one (a
 * lifecycle event, with the message as its side effect), and notes the pushes for the commit.
 */
export async function postCustomerMessage(
  maru: AppContext,
  customerId: number,
  content: Content,
  mode: 'live' | 'left',
): Promise<SupportSendDto> {
  const db = maru.db;
  if (mode === 'live' && (await agentsOnShift(db, maru.supportPresence)) === 0)
    throw new Refusal('support.no_agent');
  const now = maru.clock.now();
  const id = await ensureConversation(db, customerId);
  const insert = async (tx: Db) => {
    const [message] = await tx
      .insert(supportMessages)
      .values({
        conversationId: id,
        sender: 'customer',
        body: 'text' in content ? content.text.trim() : null,
        uploadId: 'image' in content ? content.image.id : null,
        imageWidth: 'image' in content ? content.image.width : null,
        imageHeight: 'image' in content ? content.image.height : null,
        left: mode === 'left',
        createdAt: now,
      })
      .returning();
    if (!message) throw new Error('support message insert returned nothing');
    await tx
      .update(supportConversations)
      .set({ lastMessageAt: now, updatedAt: now })
      .where(eq(supportConversations.id, id));
    noteForCommit(tx, { topic: 'supportMessage', conversationId: id, messageId: message.id });
    noteForCommit(tx, { topic: 'supportConversation', conversationId: id });
    return message;
  };
  const message = await db.transaction(async (tx) => {
    const row = await conversationById(tx, id);
    if (row && isInState(row.state, 'closed')) {
      const written: { message: Awaited<ReturnType<typeof insert>> | null } = { message: null };
      await applyEvent(tx, {
        lifecycle: conversationLifecycle,
        id,
        event: { type: 'chat.reopen' },
        actor: { kind: 'customer', id: customerId },
        now,
        current: row,
        sideEffects: async (inner) => {
          written.message = await insert(inner);
        },
      });
      if (written.message === null) throw new Error('reopening wrote no message');
      return written.message;
    }
    return insert(tx);
  });
  const after = await conversationById(db, id);
  if (!after) throw new Error('conversation gone after a message');
  const [dto] = await messageDtos(db, [message]);
  if (!dto) throw new Error('message view missing');
  return { message: dto, conversation: await conversationDto(db, after) };
}

export async function sendImage(
  maru: AppContext,
  customerId: number,
  body: Buffer,
): Promise<SupportSendDto> {
  // Checked before the image work: with no agent on shift nothing is stored.
  if ((await agentsOnShift(maru.db, maru.supportPresence)) === 0)
    throw new Refusal('support.no_agent');
  const stored = await storeImage(maru, customerId, SUPPORT_IMAGE_PURPOSE, body);
  return postCustomerMessage(maru, customerId, { image: stored }, 'live');
}

/** Marks the agents' messages read up to `upTo` (never backwards); the agents see the receipt. */
export async function customerRead(
  maru: AppContext,
  customerId: number,
  upTo: number,
): Promise<SupportStatusDto> {
  const row = await conversationOf(maru.db, customerId);
  if (!row) throw new Refusal('support.not_found');
  await markRead(maru.db, row.id, 'customer', upTo);
  return supportStatus(maru, customerId);
}

/** Moves one side's read mark forward to `upTo` (at most the newest message); notes the receipt. */
export async function markRead(
  db: Db,
  conversationId: number,
  by: 'customer' | 'staff',
  upTo: number,
): Promise<void> {
  await db.transaction(async (tx) => {
    const [newest] = await tx
      .select({ id: sql<number>`coalesce(max(${supportMessages.id}), 0)`.mapWith(Number) })
      .from(supportMessages)
      .where(eq(supportMessages.conversationId, conversationId));
    const mark = Math.min(upTo, newest?.id ?? 0);
    const column =
      by === 'customer'
        ? supportConversations.customerReadUpTo
        : supportConversations.staffReadUpTo;
    const moved = await tx
      .update(supportConversations)
      .set(by === 'customer' ? { customerReadUpTo: mark } : { staffReadUpTo: mark })
      .where(and(eq(supportConversations.id, conversationId), sql`${column} < ${mark}`))
      .returning({ id: supportConversations.id });
    if (moved.length > 0) {
      noteForCommit(tx, { topic: 'supportRead', conversationId, by });
      noteForCommit(tx, { topic: 'supportConversation', conversationId });
    }
  });
}

/**
 * An image of a conversation as a data: URL. The customer's own conversation only, or any for
 * staff (`customerId` null): another customer's message id reads as not found.
 */
export async function imageData(
  maru: AppContext,
  customerId: number | null,
  messageId: number,
): Promise<SupportImageDataDto> {
  const [row] = await maru.db
    .select({
      uploadId: supportMessages.uploadId,
      owner: supportConversations.customerId,
      mime: uploads.mime,
    })
    .from(supportMessages)
    .innerJoin(supportConversations, eq(supportConversations.id, supportMessages.conversationId))
    .innerJoin(uploads, eq(uploads.id, supportMessages.uploadId))
    .where(and(eq(supportMessages.id, messageId), gt(supportMessages.id, 0)));
  if (!row || row.uploadId === null || (customerId !== null && row.owner !== customerId)) {
    // Another customer's image reads exactly like one that does not exist.
    throw new Refusal('support.message_not_found', { field: 'messageId' });
  }
  const bytes = await maru.uploads.read(row.uploadId);
  return { dataUrl: `data:${row.mime};base64,${bytes.toString('base64')}` };
}
