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
