import { count, desc, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import type { SQL } from 'drizzle-orm';
import type { Locale } from '../../../contract';
import { DEFAULT_LOCALE } from '../../../contract';
import type {
  AnnouncementDto,
  AnnouncementListDto,
  AnnouncementSendRequest,
} from '../../../contract/schemas/messages';
import { noteForCommit } from '../../db/after-commit';
import type { Database, Transaction } from '../../db/connect';
import { announcements, customers, institutions, messages } from '../../db/schema';
import { Refusal } from '../../refusal';

type Db = Database | Transaction;

/** The optional language fields of the request, by locale. */
const TRANSLATIONS: readonly {
  locale: Locale;
  title: keyof AnnouncementSendRequest;
  body: keyof AnnouncementSendRequest;
}[] = [
  { locale: 'en', title: 'titleEn', body: 'bodyEn' },
  { locale: 'zh-TW', title: 'titleZhTw', body: 'bodyZhTw' },
  { locale: 'zh-CN', title: 'titleZhCn', body: 'bodyZhCn' },
];

function textsOf(
  request: AnnouncementSendRequest,
): Record<string, { title: string; body: string }> {
  const texts: Record<string, { title: string; body: string }> = {
    [DEFAULT_LOCALE]: { title: request.title.trim(), body: request.body.trim() },
  };
  for (const { locale, title, body } of TRANSLATIONS) {
    const t = String(request[title] ?? '').trim();
    const b = String(request[body] ?? '').trim();
    // A language with neither field is left out: its readers get the Korean.
    if (t !== '' || b !== '') texts[locale] = { title: t, body: b };
  }
  return texts;
}

/** Which customers an audience means, as a condition on `customers`. */
async function audienceCondition(tx: Transaction, request: AnnouncementSendRequest): Promise<SQL> {
  switch (request.audience) {
    case 'all':
      return sql`true`;
    case 'institution': {
      const id = request.institutionId ?? 0;
      const [found] = await tx
        .select({ id: institutions.id })
        .from(institutions)
        .where(eq(institutions.id, id));
      if (!found) throw new Refusal('institution.not_found');
      return sql`${customers.institutionId} = ${id}`;
    }
    case 'accounts': {
      const names = [...new Set((request.accounts ?? []).map((a) => a.trim().toLowerCase()))];
      const found = await tx
        .select({ id: customers.id, account: sql<string>`lower(${customers.account})` })
        .from(customers)
        .where(inArray(sql`lower(${customers.account})`, names));
      const known = new Set(found.map((row) => row.account));
      const missing = names.find((name) => !known.has(name));
      // A typo must not quietly leave someone out.
      if (missing !== undefined) throw new Refusal('account.not_found', { account: missing });
      return inArray(
        customers.id,
        found.map((row) => row.id),
      );
    }
  }
}

/**
 * Sends an announcement: the row, then one message per customer of the audience, in one
 * transaction (the staff call's, with its audit record); each customer's badge is pushed after
 * the commit. An audience of nobody is refused, so nothing is sent into the void.
 */
export async function sendAnnouncement(
  db: Db,
  staffId: number,
  request: AnnouncementSendRequest,
  now: Date,
): Promise<AnnouncementDto> {
  return db.transaction(async (tx) => {
    const condition = await audienceCondition(tx, request);
    const [row] = await tx
      .insert(announcements)
      .values({
        audience: request.audience,
        institutionId: request.audience === 'institution' ? (request.institutionId ?? null) : null,
        accounts:
          request.audience === 'accounts' ? (request.accounts ?? []).map((a) => a.trim()) : [],
        texts: textsOf(request),
        recipients: 0,
        createdBy: staffId,
        createdAt: now,
      })
      .returning();
    if (!row) throw new Error('announcement insert returned nothing');
    // One statement for every recipient, however many: insert … select.
    const inserted = await tx.execute(sql`
      insert into ${messages} (customer_id, kind, announcement_id, created_at)
      select ${customers.id}, 'announcement', ${row.id}, ${now.toISOString()}::timestamptz
      from ${customers} where ${condition}
      returning customer_id`);
    // Both drivers answer `{ rows }`; drizzle types the raw result as unknown.
    const sent = (inserted as { rows: { customer_id: number }[] }).rows.map((r) => ({
      customerId: Number(r.customer_id),
    }));
    if (sent.length === 0) throw new Refusal('announcement.no_recipients');
    await tx
      .update(announcements)
      .set({ recipients: sent.length })
      .where(eq(announcements.id, row.id));
    for (const { customerId } of sent) noteForCommit(tx, { topic: 'messages', customerId });
    return dtoOf({ ...row, recipients: sent.length }, 0);
  });
}

function dtoOf(row: typeof announcements.$inferSelect, readCount: number): AnnouncementDto {
  const korean = row.texts[DEFAULT_LOCALE] ?? { title: '', body: '' };
  return {
    id: row.id,
    audience: row.audience,
    institutionId: row.institutionId,
    accounts: row.accounts,
    title: korean.title,
    body: korean.body,
    languages: Object.keys(row.texts).filter((l) => l !== DEFAULT_LOCALE),
    recipients: row.recipients,
    readCount,
    createdBy: row.createdBy,
    createdAt: row.createdAt.toISOString(),
  };
}

export async function announcementPage(
  db: Db,
  paging: { page: number; pageSize: number },
): Promise<AnnouncementListDto> {
  const rows = await db
    .select()
    .from(announcements)
    .orderBy(desc(announcements.id))
    .limit(paging.pageSize)
    .offset((paging.page - 1) * paging.pageSize);
  const ids = rows.map((r) => r.id);
  const reads =
    ids.length === 0
      ? []
      : await db
          .select({ id: messages.announcementId, n: count() })
          .from(messages)
          .where(sql`${inArray(messages.announcementId, ids)} and ${isNotNull(messages.readAt)}`)
          .groupBy(messages.announcementId);
  const readOf = new Map(reads.map((r) => [r.id, r.n]));
  const [total] = await db.select({ n: count() }).from(announcements);
  return {
    items: rows.map((row) => dtoOf(row, readOf.get(row.id) ?? 0)),
    page: paging.page,
    pageSize: paging.pageSize,
    total: total?.n ?? 0,
  };
}
