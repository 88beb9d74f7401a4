// `npm run ipo:verify -- <offeringId>`: re-computes an offering's published IPO draw from its
// published inputs with the published rule (contract/ipo-draw.ts verifyDraw) and compares it,
// allocation by allocation. It reads the draw from the server's database (DATABASE_URL, else
// PGlite under MARU_DATA_DIR; with PGlite the server must not be running, since the data
// directory is locked while it is). A customer without database access saves the answer of
// `/api/vue/ipo/draw` to a file and runs `npm run ipo:verify -- --file draw.json` instead: the
// same check on exactly what the app published. Exits 0 when the draw matches, 1 on any
// difference (or a seed whose hash is not the published one), 2 when the draw cannot be read.
import { readFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { eq } from 'drizzle-orm';
import type { PublishedDraw } from '../contract/ipo-draw';
import { verifyDraw } from '../contract/ipo-draw';
import { loadConfig } from '../server/config';
import type { Database } from '../server/db/connect';
import { openDatabase } from '../server/db/connect';
import { ipoDraws } from '../server/db/schema';

interface DrawJson {
  offeringId?: number;
  rule: string;
  seed: string;
  seedHash: string;
  sharesOffered: number;
  minShares: number;
  equalShareBps: number;
  inputs: { id: string; shares: number }[];
  allocations: {
    id: string;
    applied: number;
    equal: number;
    proportional: number;
    total: number;
  }[];
}

const published = (d: DrawJson): PublishedDraw => ({
  rule: d.rule,
  seed: d.seed,
  seedHash: d.seedHash,
  sharesOffered: d.sharesOffered,
  minShares: d.minShares,
  equalShareBps: d.equalShareBps,
  subscriptions: d.inputs,
  allocations: d.allocations,
});

/** The verification's report: what was checked and, on a mismatch, the first differences. */
export function verifyReport(label: string, draw: DrawJson): { ok: boolean; lines: string[] } {
  const v = verifyDraw(published(draw));
  const lines = [
    `IPO draw of ${label}: rule ${draw.rule}, ${draw.inputs.length} subscriptions, ${draw.sharesOffered} shares offered.`,
    `  rule is ${v.ruleMatches ? 'the published rule' : 'NOT the rule this checker knows'}`,
    `  seed ${v.seedMatchesHash ? 'matches' : 'does NOT match'} the hash published at the opening (${draw.seedHash})`,
  ];
  if (v.recomputed === null) lines.push('  the published inputs cannot be drawn (invalid data)');
  else lines.push(`  allocations differing from the re-computation: ${v.mismatchCount}`);
  for (const m of v.mismatches)
    lines.push(`    ${m.id} ${m.field}: published ${m.published}, re-computed ${m.recomputed}`);
  lines.push(
    v.ok ? 'OK: the draw matches.' : 'MISMATCH: the published draw does not follow the rule.',
  );
  return { ok: v.ok, lines };
}

/** The stored draw of an offering, as `/ipo/draw` publishes it; null when not drawn. */
export async function storedDraw(db: Database, offeringId: number): Promise<DrawJson | null> {
  const [row] = await db.select().from(ipoDraws).where(eq(ipoDraws.offeringId, offeringId));
  return row ?? null;
}

async function main(args: string[]): Promise<number> {
  const fileAt = args.indexOf('--file');
  if (fileAt !== -1) {
    const path = args[fileAt + 1];
    if (!path) throw new Error('--file needs a path');
    const json = JSON.parse(readFileSync(path, 'utf8')) as DrawJson & { data?: DrawJson };
    // The saved answer may be the whole envelope ({status, data}) or its data.
    const draw = json.data ?? json;
    const report = verifyReport(path, draw);
    (report.ok ? console.log : console.error)(report.lines.join('\n'));
    return report.ok ? 0 : 1;
  }
  const id = Number(args[0]);
  if (!Number.isSafeInteger(id) || id <= 0) {
    console.error('usage: npm run ipo:verify -- <offeringId> | --file <draw.json>');
    return 2;
  }
  const config = loadConfig({ ...process.env, LOG_LEVEL: 'silent' });
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    const draw = await storedDraw(database.db, id);
    if (draw === null) {
      console.error(`Offering ${id} has no published draw.`);
      return 2;
    }
    const report = verifyReport(`offering ${id}`, draw);
    (report.ok ? console.log : console.error)(report.lines.join('\n'));
    return report.ok ? 0 : 1;
  } finally {
    await database.close();
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main(process.argv.slice(2)).then(
    (code) => process.exit(code),
    (error: unknown) => {
      console.error(error);
      process.exit(2);
    },
  );
}
