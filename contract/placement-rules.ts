/**
 * The published rules of placements and auctions (docs/placements.md), pure so anyone can
 * re-compute a result from its inputs. The server applies them at the window's close; staff have
 * no say in who gets shares.
 */

export interface Tier {
  minShares: number;
  allotPct: number;
}

/** The tier an application of `shares` falls in: the highest minimum it reaches; null below all. */
export function tierOf(tiers: readonly Tier[], shares: number): Tier | null {
  let best: Tier | null = null;
  for (const tier of tiers) {
    if (shares >= tier.minShares && (best === null || tier.minShares > best.minShares)) best = tier;
  }
  return best;
}

/**
 * A placement's allotment: in the order applied (earliest first), each application gets its
 * tier's share of what it applied for (rounded down), as far as the shares offered go.
 */
export function allotPlacement(
  tiers: readonly Tier[],
  sharesOffered: number,
  applications: readonly { id: number; shares: number }[],
): Map<number, number> {
  const allotted = new Map<number, number>();
  let left = sharesOffered;
  for (const application of applications) {
    const tier = tierOf(tiers, application.shares);
    const wanted = tier === null ? 0 : Math.floor((application.shares * tier.allotPct) / 100);
    const given = Math.min(wanted, left);
    allotted.set(application.id, given);
    left -= given;
  }
  return allotted;
}

export interface SealedBid {
  id: number;
  price: number;
  shares: number;
  /** When it was placed (ms); the earlier of two equal prices wins. */
  placedAt: number;
}

/**
 * An auction's winners: the highest prices first, then the earliest, then the lower id; each
 * gets what it bid for as far as the shares offered go (the last one in may get part), at its own
 * price. Every bid is answered: 0 shares for a losing one.
 */
export function auctionWinners(
  sharesOffered: number,
  bids: readonly SealedBid[],
): Map<number, number> {
  const order = [...bids].sort(
    (a, b) => b.price - a.price || a.placedAt - b.placedAt || a.id - b.id,
  );
  const won = new Map<number, number>();
  let left = sharesOffered;
  for (const bid of order) {
    const given = Math.min(bid.shares, left);
    won.set(bid.id, given);
    left -= given;
  }
  return won;
}
