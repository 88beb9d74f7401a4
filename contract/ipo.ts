/**
 * IPO terms shared by the server and the screens (issue 12, docs/ipo.md): the list's tabs, an
 * offering's phase on its schedule, and the arithmetic of the deposit held at subscribing and of
 * the payment after the draw. KRW has no minor digits, so every amount is whole won.
 */

/** The customer's tabs on `/home/newStock`. */
export const IPO_TABS = ['upcoming', 'open', 'closed'] as const;
export type IpoTab = (typeof IPO_TABS)[number];

/** The tabs of the subscription records (`/home/newStockRecords`). */
export const IPO_RECORD_TABS = ['subscriptions', 'placements', 'auctions', 'allotments'] as const;
export type IpoRecordTab = (typeof IPO_RECORD_TABS)[number];

/**
 * Where an offering is on its schedule: before its window, taking subscriptions, closed and
 * waiting for the draw, drawn (payment running), listed.
 */
export const IPO_PHASES = ['upcoming', 'subscribing', 'awaitingDraw', 'drawn', 'listed'] as const;
export type IpoPhase = (typeof IPO_PHASES)[number];

/** The schedule that decides an offering's phase (ISO times). */
export interface IpoSchedule {
  opensAt: string;
  closesAt: string;
  drawAt: string;
  paymentDeadline: string;
  listingAt: string;
}

/**
 * The phase at `now` by the schedule alone; `drawn` says whether the draw job has run (the draw is
 * a job, so the schedule's time passing is not enough to show results).
 */
export function ipoPhase(schedule: IpoSchedule, now: Date, drawn: boolean): IpoPhase {
  const t = now.getTime();
  if (t < Date.parse(schedule.opensAt)) return 'upcoming';
  if (t < Date.parse(schedule.closesAt)) return 'subscribing';
  if (!drawn) return 'awaitingDraw';
  if (t < Date.parse(schedule.listingAt)) return 'drawn';
  return 'listed';
}

/** Which tab lists an offering in this phase. */
export function ipoTabOf(phase: IpoPhase): IpoTab {
  if (phase === 'upcoming') return 'upcoming';
  if (phase === 'subscribing') return 'open';
  return 'closed';
}

/** The deposit's default share of offer price × shares: 50 %, as at KRX. */
export const DEFAULT_DEPOSIT_PCT = 50;

/** The deposit held at subscribing: ⌈price × shares × pct ÷ 100⌉ won. */
export function subscriptionDeposit(
  offerPrice: number,
  shares: number,
  depositPct: number,
): number {
  return Math.ceil((offerPrice * shares * depositPct) / 100);
}

/** How an allotment is settled after the draw. */
export interface AllotmentSettlement {
  /** Offer price × shares allotted. */
  amount: number;
  /** The part the held deposit pays. */
  fromDeposit: number;
  /** The part still due from available cash (0 when the deposit covers it). */
  due: number;
  /** The deposit left over, released to available cash at refund. */
  refund: number;
}

/**
 * The allotted amount less the deposit's share: the deposit pays first, the rest is due from cash;
 * what the deposit holds beyond the amount is refunded.
 */
export function allotmentSettlement(
  offerPrice: number,
  allotted: number,
  deposit: number,
): AllotmentSettlement {
  const amount = offerPrice * allotted;
  const fromDeposit = Math.min(amount, deposit);
  return { amount, fromDeposit, due: amount - fromDeposit, refund: deposit - fromDeposit };
}

/** The subscription number customers quote: `IPO` + the offering id + `-` + the id, padded. */
export function subscriptionNo(offeringId: number, id: number): string {
  return `IPO${String(offeringId).padStart(4, '0')}-${String(id).padStart(8, '0')}`;
}

/** Premium of the market (or expected) price over the offer price, in percent with two decimals. */
export function ipoPremiumPct(offerPrice: number, marketPrice: number | null): number | null {
  if (marketPrice === null || offerPrice <= 0) return null;
  return Math.round(((marketPrice - offerPrice) / offerPrice) * 10_000) / 100;
}
