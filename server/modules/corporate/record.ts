import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { dividendSplit, rightsEntitled } from '../../../contract';
import type { Transaction } from '../../db/connect';
import {
  corporateActions,
  corporateEntitlements,
  rightsApplications,
  tradeOrders,
} from '../../db/schema';
import { customerAccountIds, postEntry } from '../../ledger';
import {
  applyEvent,
  corporateActionLifecycle,
  inState,
  rightsApplicationLifecycle,
  scheduleJob,
  subscribeTransitions,
} from '../../lifecycle';
import type { TransitionNotice } from '../../lifecycle';
import { Refusal } from '../../refusal';
import type { ActionRow } from './actions';

/**
 * What a corporate action's clock events do, in the transition's transaction (so a job that
 * fails leaves nothing half done, and a retried job does it once):
 * - record date: every customer with open `stock` longs of the symbol is written down with the
 *   shares held (a dividend's gross, tax and net; a rights issue's new shares), and the payment
 *   date's job is written: `corporate.pay` for a dividend, `corporate.end` for a rights issue;
 * - payment date (dividend): each holder is paid (`corporate_dividend`): house_dividends −gross,
 *   the holder's available +net, house_withholding +tax (15.4 %);
 * - cancellation: a rights issue's waiting applications lapse (their holds come back).
 */

export const DIVIDEND_KIND = 'corporate_dividend';
const SYSTEM = { kind: 'system', id: null } as const;

async function actionOf(tx: Transaction, id: number): Promise<ActionRow> {
  const [row] = await tx.select().from(corporateActions).where(eq(corporateActions.id, id));
  if (!row) throw new Refusal('corporate.not_found');
  return row;
}

/** Shares of `symbol` each customer holds in open `stock` longs now. */
async function holdersOf(tx: Transaction, symbol: string) {
  const rows = await tx
    .select({
      customerId: tradeOrders.customerId,
      shares: sql<string>`sum(${tradeOrders.shares})`,
    })
    .from(tradeOrders)
    .where(
      and(
        eq(tradeOrders.product, 'stock'),
        eq(tradeOrders.side, 'long'),
        eq(tradeOrders.symbol, symbol),
        inState(tradeOrders.state, 'holding'),
      ),
    )
    .groupBy(tradeOrders.customerId);
  return rows.map((r) => ({ customerId: r.customerId, shares: Number(r.shares) }));
}

async function record(tx: Transaction, notice: TransitionNotice): Promise<void> {
  const action = await actionOf(tx, notice.id);
  // A job left from before staff moved the record date later: not yet.
  if (action.recordAt.getTime() > notice.now.getTime()) {
    throw new Refusal('corporate.not_record_date');
  }
  const values: (typeof corporateEntitlements.$inferInsert)[] = [];
  for (const { customerId, shares } of await holdersOf(tx, action.symbol)) {
    const base = { actionId: action.id, customerId, sharesHeld: shares };
    if (action.kind === 'dividend') {
      const gross = shares * (action.perShare ?? 0);
      values.push({ ...base, gross, ...dividendSplit(gross) });
    } else {
      const entitledShares = rightsEntitled(shares, action.ratioPpm ?? 0);
      if (entitledShares > 0) values.push({ ...base, entitledShares });
    }
  }
  if (values.length > 0) await tx.insert(corporateEntitlements).values(values);
  await scheduleJob(
    tx,
    {
      entityType: corporateActionLifecycle.type,
      entityId: action.id,
      event: { type: action.kind === 'dividend' ? 'corporate.pay' : 'corporate.end' },
      dueAt: action.payAt,
    },
    notice.now,
  );
}

async function payDividends(tx: Transaction, action: ActionRow, now: Date): Promise<void> {
  const due = await tx
    .select()
    .from(corporateEntitlements)
    .where(
      and(eq(corporateEntitlements.actionId, action.id), isNull(corporateEntitlements.paidAt)),
    );
  for (const e of due) {
    if (e.gross <= 0) continue;
    const ids = await customerAccountIds(
      tx,
      e.customerId,
      'KRW',
      ['available'],
      ['house_dividends', 'house_withholding'],
    );
    const { entryId } = await postEntry(tx, {
      kind: DIVIDEND_KIND,
      reason: `D${action.id} ${action.symbol}`,
      actor: 'system',
      postings: [
        { accountId: ids.house_dividends, amount: -e.gross },
        { accountId: ids.available, amount: e.net },
        ...(e.tax > 0 ? [{ accountId: ids.house_withholding, amount: e.tax }] : []),
      ],
    });
    await tx
      .update(corporateEntitlements)
      .set({ entryId, paidAt: now })
      .where(eq(corporateEntitlements.id, e.id));
  }
}

/** A withdrawn rights issue: every application still waiting lapses. */
async function lapseApplications(tx: Transaction, actionId: number, now: Date): Promise<void> {
  const waiting = await tx
    .select({ id: rightsApplications.id })
    .from(rightsApplications)
    .where(
      and(
        eq(rightsApplications.actionId, actionId),
        inArray(rightsApplications.state, ['applied']),
      ),
    );
  for (const { id } of waiting) {
    await applyEvent(tx, {
      lifecycle: rightsApplicationLifecycle,
      id,
      event: { type: 'rights.lapse' },
      actor: SYSTEM,
      now,
    });
  }
}

async function onActionTransition(tx: Transaction, notice: TransitionNotice): Promise<void> {
  if (notice.lifecycle.type !== corporateActionLifecycle.type) return;
  switch (notice.to) {
    case 'recorded':
      return record(tx, notice);
    case 'paid': {
      const action = await actionOf(tx, notice.id);
      if (action.kind !== 'dividend') throw new Refusal('corporate.wrong_kind');
      return payDividends(tx, action, notice.now);
    }
    case 'ended': {
      const action = await actionOf(tx, notice.id);
      // A rights issue's applications list by their own jobs; a dividend is paid, never ended.
      if (action.kind !== 'rights') throw new Refusal('corporate.wrong_kind');
      return;
    }
    case 'cancelled':
      return lapseApplications(tx, notice.id, notice.now);
  }
}
subscribeTransitions(onActionTransition);
