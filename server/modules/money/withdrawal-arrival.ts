import { DAY_MS, seoulDayNumber, seoulMidnight } from '../../market/seoul-time';
import { krxCalendar } from './fund-limits';

const HOUR_MS = 60 * 60 * 1000;

/**
 * When a withdrawal's money should arrive at the latest (docs/money.md "Withdrawals"): by 24:00
 * Asia/Seoul of the day after it was asked for (T+1), counting KRX business days when the
 * window holds on business days only, calendar days otherwise (demo mode).
 */
export function latestArrival(askedAt: Date, businessDaysOnly: boolean): Date {
  const day = seoulDayNumber(askedAt.getTime());
  const next = businessDaysOnly ? krxCalendar().nextTradingDay(day) : day + 1;
  // 24:00 of the next day is the following midnight.
  return new Date(seoulMidnight(next) + DAY_MS);
}

/**
 * Once approved, the payer has two hours; never later than the latest arrival promised when the
 * withdrawal was asked for.
 */
export function arrivalAfterApproval(approvedAt: Date, latest: Date): Date {
  const twoHours = approvedAt.getTime() + 2 * HOUR_MS;
  return new Date(Math.min(twoHours, latest.getTime()));
}
