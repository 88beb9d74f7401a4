import type { StaffOfferingsDto } from '../../../contract/schemas/placement';
import type { Database } from '../../db/connect';
import { staffAuctions } from '../auction/auctions';
import { staffPlacements } from './placements';

/** `/offerings/list`: what the set-up screen shows, placements and auctions with their states. */
export async function staffOfferings(db: Database): Promise<StaffOfferingsDto> {
  return { placements: await staffPlacements(db), auctions: await staffAuctions(db) };
}
