/**
 * A job runner that dies mid-job, for the kill -9 test (tests/api/lifecycle-jobs.test.ts):
 * runs due jobs on DATABASE_URL at JOB_NOW; inside the first job's transaction, after the event
 * was applied and before anything commits, it tells the parent ('applied') and waits forever for
 * the parent's SIGKILL.
 */
import { openDatabase } from '../../server/db/connect';
import { runDueJobs, subscribeTransitions } from '../../server/lifecycle';

const databaseUrl = process.env.DATABASE_URL;
const now = new Date(process.env.JOB_NOW ?? '');
if (!databaseUrl || Number.isNaN(now.getTime())) throw new Error('DATABASE_URL and JOB_NOW');

subscribeTransitions(async () => {
  process.send?.('applied');
  await new Promise(() => undefined);
});

const database = await openDatabase({ databaseUrl, dataDir: null });
await runDueJobs(database.db, { now });
process.send?.('finished');
