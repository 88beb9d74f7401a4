import type { SeatAccountContext, SeatAccountEvent } from '../../../machines/seat-account';
import { seatAccountLifecycle as definition } from '../../../machines/seat-account';
import { seatAccounts } from '../../db/schema';
import { tableStorage } from '../table-storage';
import type { Lifecycle } from '../types';

/** Seat-account applications live in `seat_accounts`, one row per customer; no clock events. */
export const seatAccountLifecycle: Lifecycle<SeatAccountContext, SeatAccountEvent> = {
  type: 'seatAccount',
  definition,
  storage: tableStorage<SeatAccountContext>(seatAccounts, {
    id: seatAccounts.id,
    state: seatAccounts.state,
    context: seatAccounts.context,
    version: seatAccounts.version,
  }),
  notFound: 'seat.not_found',
};
