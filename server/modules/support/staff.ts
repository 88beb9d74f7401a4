import { and, desc, eq, inArray, not, or } from 'drizzle-orm';
import type {
  SupportAccountSummaryDto,
  SupportConversationDetailDto,
  SupportQueueDto,
} from '../../../contract';
import { SUPPORT_PAGE_DEFAULT } from '../../../contract';
import type { ConversationEvent } from '../../../machines/conversation';
import { isInState } from '../../../machines/state-value';
import type { AppContext } from '../../app-context';
import { noteForCommit } from '../../db/after-commit';
import type { Database, Transaction } from '../../db/connect';
import {
  customerProfiles,
  customers,
  deposits,
  staffAccounts,
  supportConversations,
  supportMessages,
  supportShifts,
  withdrawals,
} from '../../db/schema';
import { applyEvent, conversationLifecycle, inState } from '../../lifecycle';
import { Refusal } from '../../refusal';
import { storeImage } from '../../uploads';
import { SUPPORT_IMAGE_PURPOSE, markRead } from './customer';
import { agentsCounted } from './presence';
import { conversationById, messagePage, queueRowDto } from './views';
import type { ConversationRow } from './views';

/**
 * The agents' side of customer service (docs/support.md): going on and off shift, the queue,
 * taking, handing back and closing conversations (lifecycle events, each with its transition
 * record; the calls are audited like every staff call), replying and read receipts, and the
 * customer's account summary beside the chat.
 */
type Db = Database | Transaction;
const RECENTLY_CLOSED = 20;

export async function isOnShift(db: Db, staffId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: supportShifts.staffId })
    .from(supportShifts)
    .where(eq(supportShifts.staffId, staffId));
  return row !== undefined;
}

export async function supportQueue(maru: AppContext, staffId: number): Promise<SupportQueueDto> {
  const db = maru.db;
  const open = await db
    .select()
    .from(supportConversations)
    .where(not(inState(supportConversations.state, 'closed')))
    .orderBy(supportConversations.updatedAt, supportConversations.id);
  const closed = await db
    .select()
    .from(supportConversations)
    .where(inState(supportConversations.state, 'closed'))
    .orderBy(desc(supportConversations.updatedAt), desc(supportConversations.id))
    .limit(RECENTLY_CLOSED);
  const rows = async (list: readonly ConversationRow[]) =>
    Promise.all(list.map((row) => queueRowDto(db, row)));
  const assigned = open.filter((r) => isInState(r.state, 'assigned'));
  // On shift and present: the agents customers can reach and a conversation can be given to.
  const counted = await agentsCounted(db, maru.supportPresence);
  const agents =
    counted.length === 0
      ? []
      : await db
          .select({ id: staffAccounts.id, account: staffAccounts.account })
          .from(staffAccounts)
          .where(inArray(staffAccounts.id, counted))
          .orderBy(staffAccounts.account);
  return {
    onShift: await isOnShift(db, staffId),
    agentsOnShift: agents.length,
    agents,
    waiting: await rows(open.filter((r) => !isInState(r.state, 'assigned'))),
    mine: await rows(assigned.filter((r) => r.agentId === staffId)),
    others: await rows(assigned.filter((r) => r.agentId !== staffId)),
    closed: await rows(closed),
  };
}

/**
 * On shift: a row in `support_shifts`. Going off hands the caller's conversations back to the
 * queue (`chat.release`, one transition each) so no customer waits on someone who left.
 */
export async function setShift(
  maru: AppContext,
  staffId: number,
  onShift: boolean,
): Promise<SupportQueueDto> {
  const db = maru.db;
  const now = maru.clock.now();
  if (onShift) {
    await db.insert(supportShifts).values({ staffId, since: now }).onConflictDoNothing();
  } else {
    const mine = await db
      .select()
      .from(supportConversations)
      .where(
        and(
          eq(supportConversations.agentId, staffId),
          inState(supportConversations.state, 'assigned'),
        ),
      );
    for (const row of mine) {
      await transition(maru, staffId, row.id, row.version, { type: 'chat.release' });
    }
    await db.delete(supportShifts).where(eq(supportShifts.staffId, staffId));
  }
  noteForCommit(db, { topic: 'supportShift' });
  return supportQueue(maru, staffId);
}

/**
 * One lifecycle event by a staff member; a `chat.assign` gives the conversation to `agentId`
 * (the caller when taking it), release and close take it from whoever had it.
 */
async function transition(
  maru: AppContext,
  staffId: number,
  id: number,
  version: number,
  event: ConversationEvent,
  agentId: number = staffId,
): Promise<void> {
  const now = maru.clock.now();
  await applyEvent(maru.db, {
    lifecycle: conversationLifecycle,
    id,
    event,
    actor: { kind: 'staff', id: staffId },
    expectedVersion: version,
    now,
    sideEffects: async (tx) => {
      await tx
        .update(supportConversations)
        .set({ agentId: event.type === 'chat.assign' ? agentId : null, updatedAt: now })
        .where(eq(supportConversations.id, id));
      noteForCommit(tx, { topic: 'supportConversation', conversationId: id });
    },
  });
}

/** Refuses a call on a conversation another agent has (the machine's codes come first). */
async function mustNotBeOthers(db: Db, id: number, staffId: number): Promise<ConversationRow> {
  const row = await conversationById(db, id);
  if (!row) throw new Refusal('support.not_found');
  if (isInState(row.state, 'assigned') && row.agentId !== null && row.agentId !== staffId) {
    throw new Refusal('support.not_yours');
  }
  return row;
}

export type SupportDecision = 'take' | 'release' | 'close';
const EVENTS: Record<SupportDecision, ConversationEvent> = {
  take: { type: 'chat.assign' },
  release: { type: 'chat.release' },
  close: { type: 'chat.close' },
};

export async function decideConversation(
  maru: AppContext,
  staffId: number,
  decision: SupportDecision,
  body: { id: number; version: number },
): Promise<SupportConversationDetailDto> {
  if (decision === 'take') {
    if (!(await isOnShift(maru.db, staffId))) throw new Refusal('support.off_shift');
    const row = await conversationById(maru.db, body.id);
    if (!row) throw new Refusal('support.not_found');
  } else {
    await mustNotBeOthers(maru.db, body.id, staffId);
  }
  await transition(maru, staffId, body.id, body.version, EVENTS[decision]);
  return conversationDetail(maru, body.id, null);
}

/**
 * Gives a waiting or reopened conversation to an agent on shift with the desk open
 * (`support.off_shift` if not: one who left would leave the customer waiting).
 */
export async function assignConversation(
  maru: AppContext,
  staffId: number,
  body: { id: number; version: number; agentId: number },
): Promise<SupportConversationDetailDto> {
  if (!(await agentsCounted(maru.db, maru.supportPresence)).includes(body.agentId)) {
    throw new Refusal('support.off_shift', { field: 'agentId' });
  }
  const row = await conversationById(maru.db, body.id);
  if (!row) throw new Refusal('support.not_found');
  await transition(maru, staffId, body.id, body.version, { type: 'chat.assign' }, body.agentId);
  return conversationDetail(maru, body.id, null);
}

/** A conversation the caller may write in: assigned to them and not closed. */
async function writableBy(db: Db, id: number, staffId: number): Promise<ConversationRow> {
  const row = await mustNotBeOthers(db, id, staffId);
  if (isInState(row.state, 'closed')) throw new Refusal('support.closed');
  if (!isInState(row.state, 'assigned')) throw new Refusal('support.not_assigned');
  return row;
}

type StaffContent = { text: string } | { image: { id: string; width: number; height: number } };

/**
 * Writes one agent message and notes its pushes; `inside` runs in the same transaction (the
 * image call's audit record).
 */
async function writeStaffMessage(
  maru: AppContext,
  row: ConversationRow,
  staffId: number,
  content: StaffContent,
  inside?: (tx: Transaction, messageId: number) => Promise<void>,
): Promise<void> {
  const now = maru.clock.now();
  await maru.db.transaction(async (tx) => {
    const [message] = await tx
      .insert(supportMessages)
      .values({
        conversationId: row.id,
        sender: 'staff',
        staffId,
        body: 'text' in content ? content.text.trim() : null,
        uploadId: 'image' in content ? content.image.id : null,
        imageWidth: 'image' in content ? content.image.width : null,
        imageHeight: 'image' in content ? content.image.height : null,
        createdAt: now,
      })
      .returning({ id: supportMessages.id });
    if (!message) throw new Error('support reply insert returned nothing');
    await tx
      .update(supportConversations)
      .set({ lastMessageAt: now, updatedAt: now })
      .where(eq(supportConversations.id, row.id));
    await inside?.(tx, message.id);
    noteForCommit(tx, { topic: 'supportMessage', conversationId: row.id, messageId: message.id });
    noteForCommit(tx, { topic: 'supportConversation', conversationId: row.id });
  });
}

export async function reply(
  maru: AppContext,
  staffId: number,
  body: { id: number; text: string },
): Promise<SupportConversationDetailDto> {
  const row = await writableBy(maru.db, body.id, staffId);
  await writeStaffMessage(maru, row, staffId, { text: body.text });
  return conversationDetail(maru, row.id, null);
}

/**
 * An agent's image into a conversation assigned to them, through the customers' pipeline
 * (signature, pixel limits, re-encoded, stored encrypted). The upload row is the conversation's
 * customer's, so it is read like their own images: by them (`/kefu/image`) and by staff. Checked
 * before the image work, so a refusal stores nothing.
 */
export async function sendStaffImage(
  maru: AppContext,
  staffId: number,
  conversationId: number,
  image: Buffer,
  audit: (tx: Transaction, messageId: number) => Promise<void>,
): Promise<SupportConversationDetailDto> {
  const row = await writableBy(maru.db, conversationId, staffId);
  const stored = await storeImage(maru, row.customerId, SUPPORT_IMAGE_PURPOSE, image);
  await writeStaffMessage(maru, row, staffId, { image: stored }, audit);
  return conversationDetail(maru, row.id, null);
}

export async function staffRead(
  maru: AppContext,
  body: { id: number; upTo: number },
): Promise<void> {
  const row = await conversationById(maru.db, body.id);
  if (!row) throw new Refusal('support.not_found');
  await markRead(maru.db, row.id, 'staff', body.upTo);
}

/**
 * What an agent sees of the customer beside the chat: who they are, their identity (KYC) and
 * account states, and their deposits and withdrawals not final yet. Only these columns are read:
 * never a password hash, an ID number or an ID photo.
 */
export async function accountSummary(
  db: Db,
  customerId: number,
): Promise<SupportAccountSummaryDto> {
  const [customer] = await db
    .select({
      account: customers.account,
      accountId: customers.accountId,
      kycState: customers.kycState,
      accountState: customers.accountState,
      nickname: customerProfiles.nickname,
    })
    .from(customers)
    .leftJoin(customerProfiles, eq(customerProfiles.customerId, customers.id))
    .where(eq(customers.id, customerId));
  if (!customer) throw new Refusal('support.not_found');
  const pendingDeposits = await db
    .select({
      id: deposits.id,
      currency: deposits.currency,
      amount: deposits.amount,
      state: deposits.depositState,
      createdAt: deposits.createdAt,
    })
    .from(deposits)
    .where(and(eq(deposits.customerId, customerId), inState(deposits.depositState, 'pending')));
  const pendingWithdrawals = await db
    .select({
      id: withdrawals.id,
      currency: withdrawals.currency,
      amount: withdrawals.amount,
      state: withdrawals.state,
      createdAt: withdrawals.createdAt,
    })
    .from(withdrawals)
    .where(
      and(
        eq(withdrawals.customerId, customerId),
        or(inState(withdrawals.state, 'pending'), inState(withdrawals.state, 'approved')),
      ),
    );
  const orders = [
    ...pendingDeposits.map((d) => ({ kind: 'deposit' as const, ...d })),
    ...pendingWithdrawals.map((w) => ({ kind: 'withdrawal' as const, ...w })),
  ].sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime());
  return {
    customerId,
    account: customer.account,
    accountId: customer.accountId,
    nickname: customer.nickname ?? null,
    kycState: customer.kycState,
    accountState: customer.accountState,
    pendingFundOrders: orders.map((o) => ({ ...o, createdAt: o.createdAt.toISOString() })),
  };
}

export async function conversationDetail(
  maru: AppContext,
  id: number,
  before: number | null,
): Promise<SupportConversationDetailDto> {
  const row = await conversationById(maru.db, id);
  if (!row) throw new Refusal('support.not_found');
  const page = await messagePage(maru.db, id, before, SUPPORT_PAGE_DEFAULT);
  return {
    conversation: await queueRowDto(maru.db, row),
    messages: page.rows,
    hasMore: page.hasMore,
    summary: await accountSummary(maru.db, row.customerId),
  };
}
