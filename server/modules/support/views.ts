import { and, count, desc, eq, gt, inArray, lt } from 'drizzle-orm';
import type {
  SupportConversationDto,
  SupportMessageDto,
  SupportQueueRowDto,
} from '../../../contract';
import type { Database, Transaction } from '../../db/connect';
import { customers, staffAccounts, supportConversations, supportMessages } from '../../db/schema';
import { conversationLifecycle, statusOf } from '../../lifecycle';

/**
 * How conversations and messages read on the wire (docs/support.md): the same DTOs for the
 * customer's screen, the agents' screen and the socket pushes.
 */
export type ConversationRow = typeof supportConversations.$inferSelect;
type MessageRow = typeof supportMessages.$inferSelect;
type Db = Database | Transaction;

export async function agentNames(db: Db, ids: readonly number[]): Promise<Map<number, string>> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map();
  const rows = await db
    .select({ id: staffAccounts.id, account: staffAccounts.account })
    .from(staffAccounts)
    .where(inArray(staffAccounts.id, unique));
  return new Map(rows.map((r) => [r.id, r.account]));
}

export function messageDto(row: MessageRow, names: Map<number, string>): SupportMessageDto {
  return {
    id: row.id,
    conversationId: row.conversationId,
    sender: row.sender,
    agent: row.staffId === null ? null : (names.get(row.staffId) ?? null),
    text: row.body,
    image:
      row.uploadId === null ? null : { width: row.imageWidth ?? 0, height: row.imageHeight ?? 0 },
    left: row.left,
    createdAt: row.createdAt.toISOString(),
  };
}

export async function messageDtos(
  db: Db,
  rows: readonly MessageRow[],
): Promise<SupportMessageDto[]> {
  const names = await agentNames(
    db,
    rows.map((r) => r.staffId).filter((id): id is number => id !== null),
  );
  return rows.map((r) => messageDto(r, names));
}

/** Messages of `from` after `upTo` (not read by the other side). */
async function unreadOf(db: Db, conversationId: number, from: 'customer' | 'staff', upTo: number) {
  const [row] = await db
    .select({ n: count() })
    .from(supportMessages)
    .where(
      and(
        eq(supportMessages.conversationId, conversationId),
        eq(supportMessages.sender, from),
        gt(supportMessages.id, upTo),
      ),
    );
  return Number(row?.n ?? 0);
}

export async function conversationDto(
  db: Db,
  row: ConversationRow,
): Promise<SupportConversationDto> {
  const names = await agentNames(db, row.agentId === null ? [] : [row.agentId]);
  return {
    id: row.id,
    ...statusOf(conversationLifecycle, row),
    agent: row.agentId === null ? null : (names.get(row.agentId) ?? null),
    agentId: row.agentId,
    reopenings: row.context.reopenings,
    customerReadUpTo: row.customerReadUpTo,
    staffReadUpTo: row.staffReadUpTo,
    unread: await unreadOf(db, row.id, 'staff', row.customerReadUpTo),
    lastMessageAt: row.lastMessageAt?.toISOString() ?? null,
  };
}

export async function queueRowDto(db: Db, row: ConversationRow): Promise<SupportQueueRowDto> {
  const [customer] = await db
    .select({ account: customers.account })
    .from(customers)
    .where(eq(customers.id, row.customerId));
  const [last] = await db
    .select({ body: supportMessages.body })
    .from(supportMessages)
    .where(eq(supportMessages.conversationId, row.id))
    .orderBy(desc(supportMessages.id))
    .limit(1);
  return {
    ...(await conversationDto(db, row)),
    customerId: row.customerId,
    account: customer?.account ?? '',
    preview: last?.body ?? null,
    staffUnread: await unreadOf(db, row.id, 'customer', row.staffReadUpTo),
  };
}

export async function conversationById(db: Db, id: number): Promise<ConversationRow | null> {
  const [row] = await db.select().from(supportConversations).where(eq(supportConversations.id, id));
  return row ?? null;
}

/** A page of a conversation's messages, oldest first, older than `before` when given. */
export async function messagePage(
  db: Db,
  conversationId: number,
  before: number | null,
  limit: number,
): Promise<{ rows: SupportMessageDto[]; hasMore: boolean }> {
  const rows = await db
    .select()
    .from(supportMessages)
    .where(
      before === null
        ? eq(supportMessages.conversationId, conversationId)
        : and(eq(supportMessages.conversationId, conversationId), lt(supportMessages.id, before)),
    )
    .orderBy(desc(supportMessages.id))
    .limit(limit + 1);
  const hasMore = rows.length > limit;
  const page = rows.slice(0, limit).reverse();
  return { rows: await messageDtos(db, page), hasMore };
}
