import { sql } from 'drizzle-orm';
import type { Database } from '../db/connect';
import { seedDemoChannels } from '../modules/money/deposits/channels';
import { seedBlockOfferings } from '../modules/trade/block-offerings';
import { seedProducts } from '../modules/trade/products';
// Corporate actions (docs/corporate-actions.md)
import { seedCorporateActions } from '../modules/corporate/seed';
// IPO subscriptions (issue 12)
import { seedIpoOfferings } from '../modules/ipo/demo-offerings';
// Placements and auctions (issue 12)
import { seedPlacement } from '../modules/placement/placements';
import { seedAuction } from '../modules/auction/auctions';
import { ensureDemoInstitution } from './demo-institution';
import { seedSiteConfig } from './site-config';
// News (issue 13)
import { seedSampleNews } from '../modules/news/samples';

/** Serialises seeding when several server processes start against one PostgreSQL database. */
const SEED_LOCK_KEY = 7_061_918;

export interface SeedResult {
  demoCode: string;
}

/** What the embedded default needs on first start; later starts keep what is there. */
export async function seedDefaults(
  db: Database,
  demoCode: string | null,
  /** The app's clock's time: the demo offerings' window starts here. */
  now: Date = new Date(),
): Promise<SeedResult> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK_KEY})`);
    await seedSiteConfig(tx);
    await seedDemoChannels(tx);
    await seedProducts(tx);
    await seedBlockOfferings(tx, now);
    // Corporate actions (docs/corporate-actions.md)
    await seedCorporateActions(tx, now);
    // IPO subscriptions (issue 12)
    await seedIpoOfferings(tx, now);
    // News (issue 13)
    await seedSampleNews(tx, now);
    // Placements and auctions (issue 12): one of each, labelled demo
    await seedPlacement(tx, now);
    await seedAuction(tx, now);
    return { demoCode: await ensureDemoInstitution(tx, demoCode) };
  });
}
