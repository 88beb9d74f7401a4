import type { Clock } from './market/clock';

/**
 * The app's sense of "now": the time of every transition a service applies and of every job the
 * runner runs. The system clock in production; tests hand `buildApp` a clock they move, so a
 * review deadline or a T+1 unlock falls due in milliseconds.
 */
export interface AppClock {
  now(): Date;
}

export const systemClock: AppClock = { now: () => new Date() };

/**
 * An app clock read from one of the market's clocks (server/market/clock.ts): a `ManualClock`
 * gives tests a clock they `set` and `advance`; a `ScaledClock` a sped-up day.
 */
export function appClockOf(clock: Clock): AppClock {
  return { now: () => new Date(clock.now()) };
}
