/**
 * Daily check-in, profile and seat accounts (issue 13, docs/service.md): the rules the server
 * applies and the screens explain.
 */

/** A nickname: letters, digits, spaces, dots, dashes or underscores, this many characters. */
export const NICKNAME_MIN_LENGTH = 2;
export const NICKNAME_MAX_LENGTH = 20;
/** Letters and digits of any script (Hangul, Han, Latin, …), and a few separators inside. */
export const NICKNAME_PATTERN = /^[\p{L}\p{N}](?:[\p{L}\p{N} ._-]*[\p{L}\p{N}])?$/u;

/** Points for one check-in: this many per day of the streak, the streak counted up to the cap. */
export const CHECK_IN_POINTS_PER_DAY = 10;
export const CHECK_IN_STREAK_CAP = 7;

/** The points a check-in earns on the given day of a streak (1 = the first day). */
export function checkInPoints(streak: number): number {
  return CHECK_IN_POINTS_PER_DAY * Math.min(Math.max(streak, 1), CHECK_IN_STREAK_CAP);
}

/**
 * What a reward gives. A commission coupon waives the opening commission of the customer's next
 * order (server/modules/trade/place-order.ts takes it).
 */
export const CHECK_IN_REWARD_KINDS = ['commission_coupon'] as const;
export type CheckInRewardKind = (typeof CHECK_IN_REWARD_KINDS)[number];

/** Most check-ins a reward may ask for (a year of days). */
export const CHECK_IN_REWARD_MAX_REQUIRED = 366;

/** The avatar as stored: a square JPEG of this many pixels a side. */
export const AVATAR_EDGE = 256;

/** The account name as the profile shows it: the first two and last two characters. */
export function maskAccount(account: string): string {
  const chars = [...account];
  if (chars.length <= 4) return `${chars[0] ?? ''}***`;
  return `${chars.slice(0, 2).join('')}***${chars.slice(-2).join('')}`;
}

const SEOUL_OFFSET_MS = 9 * 3_600_000;
const DAY_MS = 86_400_000;

/**
 * The Seoul calendar day of an instant, as days since 1970-01-01 (Korea keeps UTC+9 all year,
 * so a fixed offset; never the machine's time zone).
 */
export function seoulDayOf(ms: number): number {
  return Math.floor((ms + SEOUL_OFFSET_MS) / DAY_MS);
}

/** 'YYYY-MM-DD' of a Seoul day number. */
export function seoulDateOf(day: number): string {
  return new Date(day * DAY_MS).toISOString().slice(0, 10);
}

/** The customer's latest check-in, as the rule below reads it. */
export interface LastCheckIn {
  day: number;
  streak: number;
}

export type CheckInDecision =
  | { accepted: true; day: number; streak: number; points: number }
  | { accepted: false; code: 'signin.already_today' };

/**
 * Whether a check-in at `now` (the server's clock, never the client's) is taken, and the streak
 * and points it makes: one per Seoul calendar day; the day after the last one continues the
 * streak, a gap starts again at 1.
 */
export function decideCheckIn(now: number, last: LastCheckIn | null): CheckInDecision {
  const day = seoulDayOf(now);
  if (last !== null && last.day >= day) return { accepted: false, code: 'signin.already_today' };
  const streak = last !== null && last.day === day - 1 ? last.streak + 1 : 1;
  return { accepted: true, day, streak, points: checkInPoints(streak) };
}

/** The streak as of `now`: the last run if it ends today or yesterday, else 0 (broken). */
export function currentStreak(now: number, last: LastCheckIn | null): number {
  if (last === null) return 0;
  return last.day >= seoulDayOf(now) - 1 ? last.streak : 0;
}
