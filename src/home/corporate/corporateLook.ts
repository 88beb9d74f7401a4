import { formatSeoulTime } from '../../market/format';

/** A Seoul date and time to the minute, as the calendar rows show it. */
export const minuteOf = (iso: string) => formatSeoulTime(Date.parse(iso)).slice(0, 16);

/** A rights ratio as "1 : 5" words' number: new shares per 100 held, two decimals at most. */
export const perHundred = (ratioPpm: number) => Math.round((ratioPpm / 10_000) * 100) / 100;
