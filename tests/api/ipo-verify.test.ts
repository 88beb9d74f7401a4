import { execFile } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { storedDraw, verifyReport } from '../../scripts/ipo-verify';
import { ipoDraws } from '../../server/db/schema';
import { runDueJobs } from '../../server/lifecycle';
import type { TestApp } from '../support/test-app';
import { buildTestApp } from '../support/test-app';
import { signInNewStaff } from './identity-helpers';
import { MINUTE, publishedOffering, subscribed } from './ipo-helpers';
import { newTrader, tradingMarket } from './trade-helpers';
import type { TradingMarket } from './trade-helpers';

const run = promisify(execFile);

/**
 * `npm run ipo:verify`: a draw the job stored re-computes to the same allocations; a tampered one
 * (one share moved between two subscribers) does not, from the database and from a saved file.
 */
describe('ipo:verify', { timeout: 120_000 }, () => {
  let t: TestApp;
  let m: TradingMarket;
  let offeringId = 0;

  beforeAll(async () => {
    m = tradingMarket();
    t = await buildTestApp('pglite', {}, { clock: m.clock, market: m.market });
    const operator = await signInNewStaff(t.app, t.db, 'operator');
    // Oversubscribed: 7 subscribers for 20 shares, so lotteries decide part of it.
    const offering = await publishedOffering(t.app, operator.token, m.now(), {
      sharesOffered: 20,
      minShares: 10,
    });
    offeringId = offering.id;
    for (const shares of [10, 50, 100, 10, 30, 10, 100]) {
      const trader = await newTrader(t.app, t.db, t.demoCode, 1_000_000);
      await subscribed(t.app, trader, offering.id, shares);
    }
    m.advance(2 * MINUTE + 1_000);
    await runDueJobs(t.db, { now: new Date(m.now()) });
  }, 120_000);
  afterAll(() => t.close());

  it('matches the stored draw and fails on a tampered one', async () => {
    const draw = await storedDraw(t.db, offeringId);
    if (!draw) throw new Error('not drawn');
    expect(draw.allocations.reduce((s, a) => s + a.total, 0)).toBe(20);
    expect(verifyReport('stored', draw).ok).toBe(true);

    const allocations = draw.allocations.map((a) => ({ ...a }));
    const from = allocations.find((a) => a.proportional > 0);
    const to = allocations.find((a) => a !== from);
    if (!from || !to) throw new Error('no allocation to move');
    from.proportional -= 1;
    from.total -= 1;
    to.proportional += 1;
    to.total += 1;
    await t.db.update(ipoDraws).set({ allocations }).where(eq(ipoDraws.offeringId, offeringId));
    const tampered = await storedDraw(t.db, offeringId);
    if (!tampered) throw new Error('gone');
    const report = verifyReport('tampered', tampered);
    expect(report.ok).toBe(false);
    expect(report.lines.join('\n')).toContain('MISMATCH');

    // The command on files saved from /ipo/draw: 0 for the real draw, 1 for the tampered one.
    const dir = mkdtempSync(join(tmpdir(), 'ipo-verify-'));
    const good = join(dir, 'good.json');
    const bad = join(dir, 'bad.json');
    writeFileSync(good, JSON.stringify({ status: 1, data: draw }));
    writeFileSync(bad, JSON.stringify(tampered));
    const ok = await run('npx', ['tsx', 'scripts/ipo-verify.ts', '--file', good]);
    expect(ok.stdout).toContain('OK: the draw matches.');
    await expect(run('npx', ['tsx', 'scripts/ipo-verify.ts', '--file', bad])).rejects.toMatchObject(
      { code: 1 },
    );
  });
});
