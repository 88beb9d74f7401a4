import type { SeatStatusDto } from '../../contract';
import type { SeatAccountContext, SeatAccountEvent } from '../../machines/seat-account';
import { seatAccountLifecycle } from '../../server/lifecycle';
import { ensureSeatRow } from '../../server/modules/service/seat';
import type { LifecycleAdapter } from '../support/lifecycle-paths';
import {
  blankRejectUnsendable,
  describeLifecyclePaths,
  resultOfAnswer,
} from '../support/lifecycle-paths';
import type { Session } from './api-helpers';
import { call, customerIdOf, expectSuccess, registerCustomer } from './api-helpers';
import { signInNewStaff, staffCall } from './identity-helpers';

/**
 * Every path of the seat-account machine through the real app: the customer applies (and again
 * after a rejection), a reviewer approves or rejects with a reason; an approved seat account's
 * application is refused as "already a seat account".
 */
interface PathSeat {
  id: number;
  customerId: number;
  session: Session;
}

describeLifecyclePaths({
  name: 'seat account',
  lifecycle: seatAccountLifecycle,
  ...blankRejectUnsendable,
  adapter: async (t): Promise<LifecycleAdapter<PathSeat, SeatAccountContext, SeatAccountEvent>> => {
    const reviewer = await signInNewStaff(t.app, t.db, 'reviewer');
    const versionOf = async (s: PathSeat) =>
      (await seatAccountLifecycle.storage.load(t.db as never, s.id))?.version ?? 0;
    return {
      async create() {
        const session = await registerCustomer(t.app, t.demoCode);
        const customerId = await customerIdOf(t.db, session);
        // The row a first application makes, in the machine's initial state.
        return { id: await ensureSeatRow(t.db, customerId), customerId, session };
      },
      async send(s, event) {
        if (event.type === 'seat.apply') {
          return resultOfAnswer(await call(t.app, '/user/seat/apply', {}, { session: s.session }));
        }
        const version = await versionOf(s);
        return event.type === 'review.approve'
          ? resultOfAnswer(
              await staffCall(t.app, '/seat/approve', { id: s.id, version }, reviewer.token),
            )
          : resultOfAnswer(
              await staffCall(
                t.app,
                '/seat/reject',
                { id: s.id, version, reason: event.reason },
                reviewer.token,
              ),
            );
      },
      actorOf: (event, s) =>
        event.type === 'seat.apply'
          ? { kind: 'customer', id: s.customerId }
          : { kind: 'staff', id: reviewer.id },
      reasonOf: (event) => (event.type === 'review.reject' ? event.reason.trim() : null),
      async status(s) {
        const seat = expectSuccess<SeatStatusDto>(
          await call(t.app, '/user/seat/status', {}, { session: s.session }),
        );
        return { state: seat.state, version: seat.version, accepts: seat.accepts };
      },
    };
  },
});
