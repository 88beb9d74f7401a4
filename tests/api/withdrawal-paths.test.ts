import { isDeepStrictEqual } from 'node:util';
import type { FundOrderDetailDto, FundOrderDto } from '../../contract';
import type { WithdrawalContext, WithdrawalEvent } from '../../machines/withdrawal';
import { withdrawalLifecycle } from '../../server/lifecycle';
import { writeSetting } from '../../server/settings';
import type { LifecycleAdapter } from '../support/lifecycle-paths';
import {
  blankRejectUnsendable,
  describeLifecyclePaths,
  resultOfAnswer,
  sendClockEvent,
} from '../support/lifecycle-paths';
import { call, expectSuccess } from './api-helpers';
import type { SignedInStaff } from './identity-helpers';
import { signInNewStaff, staffCall } from './identity-helpers';
import type { Withdrawer } from './withdrawal-helpers';
import { FUND, fund, newWithdrawer } from './withdrawal-helpers';
import { readMessages } from './message-helpers';

/**
 * Every path of the withdrawal machine through the real app: the customer asks (the amount is
 * held) and may cancel; reviewers approve (the sample's `staffId` 1 and 2 are two real reviewers;
 * its `fourEyes` is made true by setting the threshold below the amount before the call, false by
 * setting it above) or reject; an operator records the payment; the service clock flags a waiting
 * withdrawal overdue.
 */
interface PathWithdrawal {
  id: number;
  customer: Withdrawer;
}

const AMOUNT = 200_000;

describePaths();

function describePaths() {
  describeLifecyclePaths({
    name: 'withdrawal',
    lifecycle: withdrawalLifecycle,
    ...blankRejectUnsendable,
    adapter: async (
      t,
    ): Promise<LifecycleAdapter<PathWithdrawal, WithdrawalContext, WithdrawalEvent>> => {
      const reviewers: Record<number, SignedInStaff> = {
        1: await signInNewStaff(t.app, t.db, 'reviewer'),
        2: await signInNewStaff(t.app, t.db, 'reviewer'),
      };
      const operator = await signInNewStaff(t.app, t.db, 'operator');
      const first = reviewers[1] as SignedInStaff;
      const reviewerOf = (staffId: number) => reviewers[staffId] ?? first;
      const versionOf = async (w: PathWithdrawal) =>
        (await withdrawalLifecycle.storage.load(t.db as never, w.id))?.version ?? 0;
      const staffIdOf = (sample: number) => reviewerOf(sample).id;
      return {
        async create() {
          const customer = await newWithdrawer(t.app, t.db, t.demoCode, first);
          await fund(t.db, customer.id, 'KRW', AMOUNT);
          const order = expectSuccess<FundOrderDto>(
            await call(
              t.app,
              '/user/cashOut',
              { currency: 'KRW', amount: AMOUNT, cardId: customer.card.id, fundPassword: FUND },
              { session: customer.session },
            ),
          );
          return { id: order.id, customer };
        },
        async prepare(_w, event) {
          if (event.type !== 'review.approve') return;
          // The server decides four eyes from the amount and the threshold at approval time.
          await writeSetting(
            t.db,
            'fund.fourEyesAbove',
            event.fourEyes ? AMOUNT - 1 : AMOUNT,
            first.id,
            new Date(),
          );
        },
        async send(w, event) {
          const version = await versionOf(w);
          switch (event.type) {
            case 'withdrawal.cancel':
              return resultOfAnswer(
                await call(
                  t.app,
                  '/user/fundOrder/cancel',
                  { id: w.id },
                  {
                    session: w.customer.session,
                  },
                ),
              );
            case 'review.approve':
              return resultOfAnswer(
                await staffCall(
                  t.app,
                  '/withdrawals/approve',
                  { id: w.id, version },
                  reviewerOf(event.staffId).token,
                ),
              );
            case 'review.reject':
              return resultOfAnswer(
                await staffCall(
                  t.app,
                  '/withdrawals/reject',
                  { id: w.id, version, reason: event.reason },
                  first.token,
                ),
              );
            case 'payout.paid':
              return resultOfAnswer(
                await staffCall(
                  t.app,
                  '/withdrawals/paid',
                  { id: w.id, version, reference: event.reference },
                  operator.token,
                ),
              );
            case 'review.overdue':
              return sendClockEvent(t.db, withdrawalLifecycle, w.id, event);
          }
        },
        actorOf(event, w) {
          switch (event.type) {
            case 'withdrawal.cancel':
              return { kind: 'customer', id: w.customer.id };
            case 'review.overdue':
              return { kind: 'system', id: null };
            case 'review.approve':
              return { kind: 'staff', id: reviewerOf(event.staffId).id };
            case 'review.reject':
              return { kind: 'staff', id: first.id };
            case 'payout.paid':
              return { kind: 'staff', id: operator.id };
          }
        },
        reasonOf: (event) => (event.type === 'review.reject' ? event.reason.trim() : null),
        // The machine's sample ids 1 and 2 are the two reviewers' real ids in the stored context.
        contextMatches: (expected, actual) =>
          isDeepStrictEqual({ ...expected, approvals: expected.approvals.map(staffIdOf) }, actual),
        // Message centre: the customer reads what happened to the withdrawal, in each language.
        messages: (w, locale) => readMessages(t.app, w.customer.session, locale),
        async status(w) {
          const detail = expectSuccess<FundOrderDetailDto>(
            await call(
              t.app,
              '/user/fundOrder/detail',
              { id: w.id },
              { session: w.customer.session },
            ),
          );
          return {
            state: detail.order.state,
            version: detail.order.version,
            accepts: detail.order.accepts,
          };
        },
      };
    },
  });
}
