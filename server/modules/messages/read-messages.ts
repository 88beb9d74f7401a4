import { and, count, desc, eq, isNull, sql } from 'drizzle-orm';
import type { Locale } from '../../../contract';
import { DEFAULT_LOCALE, MESSAGE_CODES } from '../../../contract';
import type { MessageCode, MessageDto, MsgListDto } from '../../../contract/schemas/messages';
import { renderMessage } from '../../../locales/messages';
import { noteForCommit } from '../../db/after-commit';
import type { Database, Transaction } from '../../db/connect';
import { announcements, messages } from '../../db/schema';
import { Refusal } from '../../refusal';

type Db = Database | Transaction;
type AnnouncementTexts = Record<string, { title: string; body: string }>;

const isMessageCode = (value: unknown): value is MessageCode =>
  typeof value === 'string' && (MESSAGE_CODES as readonly string[]).includes(value);

/** An announcement in `locale`, or in Korean where staff did not write that language. */
export function announcementText(texts: AnnouncementTexts, locale: Locale) {
  const own = Object.hasOwn(texts, locale) ? texts[locale] : undefined;
  const fallback = texts[DEFAULT_LOCALE] ?? { title: '', body: '' };
  return { title: own?.title || fallback.title, body: own?.body || fallback.body };
}

export async function unreadCount(db: Db, customerId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(messages)
    .where(and(eq(messages.customerId, customerId), isNull(messages.readAt)));
  return row?.n ?? 0;
}

/** The customer's messages, newest first, rendered in `locale`. */
export async function messagePage(
  db: Db,
  customerId: number,
  locale: Locale,
  paging: { page: number; pageSize: number },
): Promise<MsgListDto> {
  const rows = await db
    .select({ message: messages, texts: announcements.texts })
    .from(messages)
    .leftJoin(announcements, eq(announcements.id, messages.announcementId))
    .where(eq(messages.customerId, customerId))
    .orderBy(desc(messages.id))
    .limit(paging.pageSize)
    .offset((paging.page - 1) * paging.pageSize);
  const [totals] = await db
    .select({
      total: count(),
      unread: sql<number>`count(*) filter (where ${messages.readAt} is null)`.mapWith(Number),
    })
    .from(messages)
    .where(eq(messages.customerId, customerId));
  return {
    items: rows.map(({ message, texts }) => messageDto(message, texts, locale)),
    page: paging.page,
    pageSize: paging.pageSize,
    total: totals?.total ?? 0,
    unread: totals?.unread ?? 0,
  };
}

function messageDto(
  row: typeof messages.$inferSelect,
  texts: AnnouncementTexts | null,
  locale: Locale,
): MessageDto {
  const text =
    row.kind === 'announcement'
      ? announcementText(texts ?? {}, locale)
      : isMessageCode(row.code)
        ? renderMessage(locale, row.code, row.params)
        : { title: row.code ?? '', body: '' };
  const entityId = row.entityId === null ? null : Number(row.entityId);
  return {
    id: row.id,
    kind: row.kind,
    code: row.kind === 'event' ? row.code : null,
    ...text,
    read: row.readAt !== null,
    createdAt: row.createdAt.toISOString(),
    entityType: row.entityType,
    entityId: entityId !== null && Number.isSafeInteger(entityId) ? entityId : null,
  };
}

/**
 * Marks one of the customer's messages read; another customer's id is `message.not_found`,
 * as if it did not exist. Reading it twice (two taps, two tabs) is fine.
 */
export async function markRead(
  db: Db,
  customerId: number,
  id: number,
  now: Date,
): Promise<{ unread: number }> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select({ id: messages.id, readAt: messages.readAt })
      .from(messages)
      .where(and(eq(messages.id, id), eq(messages.customerId, customerId)));
    if (!row) throw new Refusal('message.not_found', { field: 'id' });
    if (row.readAt === null) {
      await tx
        .update(messages)
        .set({ readAt: now })
        .where(and(eq(messages.id, id), isNull(messages.readAt)));
      noteForCommit(tx, { topic: 'messages', customerId });
    }
    return { unread: await unreadCount(tx, customerId) };
  });
}

export async function markAllRead(
  db: Db,
  customerId: number,
  now: Date,
): Promise<{ unread: number }> {
  return db.transaction(async (tx) => {
    const changed = await tx
      .update(messages)
      .set({ readAt: now })
      .where(and(eq(messages.customerId, customerId), isNull(messages.readAt)))
      .returning({ id: messages.id });
    if (changed.length > 0) noteForCommit(tx, { topic: 'messages', customerId });
    return { unread: await unreadCount(tx, customerId) };
  });
}
