// `npm run ledger:audit`: checks the ledger's invariants (server/ledger/audit.ts) on the server's
// database (DATABASE_URL, else PGlite under MARU_DATA_DIR; with PGlite the server must not be
// running, since the data directory is locked while it is). Prints what it found and exits 1 on
// any violation, so it can run from cron or CI.
import { pathToFileURL } from 'node:url';
import { loadConfig } from '../server/config';
import type { Database } from '../server/db/connect';
import { openDatabase } from '../server/db/connect';
import { auditLedger, describeViolation } from '../server/ledger';

/** The audit's report: one line when all is well, else a line per violation. */
export async function ledgerAuditReport(db: Database): Promise<{ ok: boolean; lines: string[] }> {
  const violations = await auditLedger(db);
  if (violations.length === 0) return { ok: true, lines: ['Ledger audit: no violations.'] };
  return {
    ok: false,
    lines: [
      `Ledger audit: ${violations.length} violation(s):`,
      ...violations.map((v) => `  ${describeViolation(v)}`),
    ],
  };
}

async function main(): Promise<number> {
  const config = loadConfig({ ...process.env, LOG_LEVEL: 'silent' });
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    const report = await ledgerAuditReport(database.db);
    (report.ok ? console.log : console.error)(report.lines.join('\n'));
    return report.ok ? 0 : 1;
  } finally {
    await database.close();
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main().then(
    (code) => process.exit(code),
    (error: unknown) => {
      console.error(error);
      process.exit(2);
    },
  );
}
