import { and, asc, desc, eq } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { InferType } from 'yup';
import type {
  ChannelProposalDto,
  Currency,
  RechargeChannelDto,
  ReceivingChannelDto,
} from '../../../../contract';
import { WALLET_TYPES, isWalletAddress } from '../../../../contract';
import type { channelProposeRequest } from '../../../../contract';
import type { WalletType } from '../../../../contract';
import type { AppContext } from '../../../app-context';
import type { Database, Transaction } from '../../../db/connect';
import { channelProposals, receivingChannels, staffAccounts } from '../../../db/schema';
import { ApiRefusal } from '../../../http/refusal';
import { readSetting } from '../../../settings';
import { fundWindow, limitIn } from '../fund-limits';
import { verifiedName } from '../verified-name';
import { qrOf } from '../wallets';

type ChannelRow = typeof receivingChannels.$inferSelect;
type ProposalRow = typeof channelProposals.$inferSelect;
export type ChannelProposeRequest = InferType<typeof channelProposeRequest>;

/**
 * The accounts the embedded default seeds on a fresh install (no channel row at all), so a
 * deposit works at once. Labelled demo on every screen; the USDT address is TRON's well-known
 * black-hole address, which nobody controls.
 */
const DEMO_CHANNELS = [
  {
    currency: 'KRW',
    kind: 'bank',
    bankName: '마루은행 (DEMO)',
    accountName: '마루증권 (DEMO)',
    accountNumber: '000-0000-0000-00',
  },
  {
    currency: 'USD',
    kind: 'bank',
    bankName: 'Maru Bank (DEMO)',
    accountName: 'Maru Securities (DEMO)',
    accountNumber: 'DEMO-0000-0000',
  },
  {
    currency: 'USDT',
    kind: 'wallet',
    bankName: 'TRC20',
    accountName: 'Maru Securities (DEMO)',
    accountNumber: 'T9yD14Nj9j7xAB4dbGeiX9h8unkKHxuWwb',
  },
] as const;

/** Seeds the demo accounts when there has never been a receiving account (first start). */
export async function seedDemoChannels(tx: Transaction): Promise<void> {
  const [any] = await tx.select({ id: receivingChannels.id }).from(receivingChannels).limit(1);
  if (any) return;
  const now = new Date();
  await tx
    .insert(receivingChannels)
    .values(DEMO_CHANNELS.map((c) => ({ ...c, demo: true, active: true, activatedAt: now })));
}

async function channelDto(row: ChannelRow): Promise<ReceivingChannelDto> {
  return {
    id: row.id,
    currency: row.currency as Currency,
    kind: row.kind,
    bankName: row.bankName,
    accountName: row.accountName,
    accountNumber: row.accountNumber,
    qr: row.kind === 'wallet' ? await qrOf(row.accountNumber) : null,
    demo: row.demo,
  };
}

export function activeChannels(db: Database, currency: Currency): Promise<ChannelRow[]> {
  return db
    .select()
    .from(receivingChannels)
    .where(and(eq(receivingChannels.currency, currency), eq(receivingChannels.active, true)))
    .orderBy(asc(receivingChannels.id));
}

/**
 * `/user/rechargeChannel`: the receiving accounts for a currency (the same for every verified
 * customer), one deposit's limits in minor units of the currency (won settings at the feed's
 * rate, never looser), and the deposit window.
 */
export async function rechargeChannels(
  maru: AppContext,
  customerId: number,
  currency: Currency,
): Promise<RechargeChannelDto> {
  const { db } = maru;
  await verifiedName(db, customerId);
  const limits = await depositLimits(maru, currency);
  return {
    currency,
    channels: await Promise.all((await activeChannels(db, currency)).map(channelDto)),
    ...limits,
    window: await fundWindow(db, maru, 'deposit', maru.clock.now()),
  };
}

/** One deposit's least and most in minor units of `currency`. */
export async function depositLimits(
  maru: AppContext,
  currency: Currency,
): Promise<{ min: number; max: number }> {
  return {
    min: limitIn(maru, currency, await readSetting(maru.db, 'fund.depositMin'), 'min'),
    max: limitIn(maru, currency, await readSetting(maru.db, 'fund.depositMax'), 'max'),
  };
}

// ---- Staff: list, propose, approve (two different staff members) ---------------------------

function channelItem(row: ChannelRow) {
  return {
    id: row.id,
    currency: row.currency as Currency,
    kind: row.kind,
    bankName: row.bankName,
    accountName: row.accountName,
    accountNumber: row.accountNumber,
    demo: row.demo,
    active: row.active,
  };
}

const proposer = alias(staffAccounts, 'proposer');
const decider = alias(staffAccounts, 'decider');

async function proposalsWhere(
  db: Database,
  where: ReturnType<typeof eq> | undefined,
): Promise<ChannelProposalDto[]> {
  const rows = await db
    .select({
      proposal: channelProposals,
      channel: receivingChannels,
      proposedBy: proposer.account,
      decidedBy: decider.account,
    })
    .from(channelProposals)
    .innerJoin(receivingChannels, eq(receivingChannels.id, channelProposals.channelId))
    .innerJoin(proposer, eq(proposer.id, channelProposals.proposedBy))
    .leftJoin(decider, eq(decider.id, channelProposals.decidedBy))
    .where(where)
    .orderBy(desc(channelProposals.id))
    .limit(200);
  return rows.map((r) => proposalDto(r.proposal, r.channel, r.proposedBy, r.decidedBy));
}

function proposalDto(
  p: ProposalRow,
  channel: ChannelRow,
  proposedBy: string,
  decidedBy: string | null,
): ChannelProposalDto {
  return {
    id: p.id,
    action: p.action,
    channel: channelItem(channel),
    reason: p.reason,
    state: p.decision,
    proposedBy,
    proposedAt: p.proposedAt.toISOString(),
    decidedBy,
    decidedAt: p.decidedAt?.toISOString() ?? null,
  };
}

/** Every account that is or was in use, and the latest proposals (pending first). */
export async function listChannels(db: Database) {
  const channels = await db.select().from(receivingChannels).orderBy(asc(receivingChannels.id));
  const proposals = await proposalsWhere(db, undefined);
  return {
    // An addition never approved is only in its proposal.
    channels: channels.filter((c) => c.activatedAt !== null).map(channelItem),
    proposals: [
      ...proposals.filter((p) => p.state === 'pending'),
      ...proposals.filter((p) => p.state !== 'pending'),
    ],
  };
}

async function proposalById(db: Database, id: number): Promise<ChannelProposalDto> {
  const [found] = await proposalsWhere(db, eq(channelProposals.id, id));
  if (!found) throw new ApiRefusal('proposal.not_found', { field: 'id' }, 404);
  return found;
}

const required = (value: string | null | undefined, field: string): string => {
  const text = value?.trim() ?? '';
  if (text === '') throw new ApiRefusal('request.required', { field });
  return text;
};

/**
 * A staff member proposes adding or removing a receiving account; nothing changes for customers
 * until another staff member approves. An addition is written inactive now (so the proposal can
 * show it); a removal names a live account.
 */
export async function proposeChannel(
  db: Database,
  staffId: number,
  body: ChannelProposeRequest,
  now: Date,
): Promise<ChannelProposalDto> {
  let channelId: number;
  if (body.action === 'remove') {
    if (body.channelId == null) throw new ApiRefusal('request.required', { field: 'channelId' });
    const [channel] = await db
      .select()
      .from(receivingChannels)
      .where(and(eq(receivingChannels.id, body.channelId), eq(receivingChannels.active, true)));
    if (!channel) throw new ApiRefusal('channel.not_found', { field: 'channelId' }, 404);
    channelId = channel.id;
  } else {
    if (body.currency == null) throw new ApiRefusal('request.required', { field: 'currency' });
    if (body.kind == null) throw new ApiRefusal('request.required', { field: 'kind' });
    const bankName = required(body.bankName, 'bankName');
    const accountName = required(body.accountName, 'accountName');
    const accountNumber = required(body.accountNumber, 'accountNumber');
    // USDT arrives on a network, at an address valid there; KRW and USD at a bank.
    if ((body.kind === 'wallet') !== (body.currency === 'USDT')) {
      throw new ApiRefusal('request.invalid', { field: 'kind' });
    }
    if (body.kind === 'wallet') {
      if (!(WALLET_TYPES as readonly string[]).includes(bankName)) {
        throw new ApiRefusal('request.invalid', { field: 'bankName' });
      }
      if (!isWalletAddress(bankName as WalletType, accountNumber)) {
        throw new ApiRefusal('wallet.invalid_address', { field: 'accountNumber' });
      }
    }
    const [channel] = await db
      .insert(receivingChannels)
      .values({
        currency: body.currency,
        kind: body.kind,
        bankName,
        accountName,
        accountNumber,
        demo: false,
        active: false,
      })
      .returning({ id: receivingChannels.id });
    if (!channel) throw new Error('channel insert returned nothing');
    channelId = channel.id;
  }
  const [proposal] = await db
    .insert(channelProposals)
    .values({
      action: body.action,
      channelId,
      reason: body.reason.trim(),
      proposedBy: staffId,
      proposedAt: now,
    })
    .returning({ id: channelProposals.id });
  if (!proposal) throw new Error('proposal insert returned nothing');
  return proposalById(db, proposal.id);
}

/**
 * Another staff member approves (the change takes effect now) or rejects a pending proposal.
 * The proposer may not decide their own (four_eyes.same_staff). The proposal row is locked, so
 * two decisions at once cannot both apply.
 */
export async function decideChannelProposal(
  db: Database,
  staffId: number,
  body: { id: number; approve: boolean },
  now: Date,
): Promise<ChannelProposalDto> {
  const [proposal] = await db
    .select()
    .from(channelProposals)
    .where(eq(channelProposals.id, body.id))
    .for('update');
  if (!proposal) throw new ApiRefusal('proposal.not_found', { field: 'id' }, 404);
  if (proposal.decision !== 'pending')
    throw new ApiRefusal('proposal.not_pending', { field: 'id' });
  if (proposal.proposedBy === staffId) throw new ApiRefusal('four_eyes.same_staff');
  if (body.approve) {
    if (proposal.action === 'add') {
      await db
        .update(receivingChannels)
        .set({ active: true, activatedAt: now })
        .where(eq(receivingChannels.id, proposal.channelId));
    } else {
      const removed = await db
        .update(receivingChannels)
        .set({ active: false })
        .where(
          and(eq(receivingChannels.id, proposal.channelId), eq(receivingChannels.active, true)),
        )
        .returning({ id: receivingChannels.id });
      // Removed meanwhile by another approved proposal.
      if (removed.length === 0) throw new ApiRefusal('channel.not_found', { field: 'id' }, 404);
    }
  }
  await db
    .update(channelProposals)
    .set({ decision: body.approve ? 'approved' : 'rejected', decidedBy: staffId, decidedAt: now })
    .where(eq(channelProposals.id, proposal.id));
  return proposalById(db, proposal.id);
}
