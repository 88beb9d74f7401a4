// `npm run staff:create -- --account admin --role admin`: creates a staff account and prints its
// one-time password once (it must be changed at first sign-in). Asks for what is not given.
// Uses the same database as the server (DATABASE_URL, else PGlite under MARU_DATA_DIR); with
// PGlite the server must not be running, since the data directory is locked while it is.
import { createInterface } from 'node:readline/promises';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { STAFF_ACCOUNT_PATTERN, STAFF_ROLES } from '../contract';
import type { StaffRole } from '../contract';
import { loadConfig } from '../server/config';
import type { Database } from '../server/db/connect';
import { openDatabase } from '../server/db/connect';
import { ApiRefusal } from '../server/http/refusal';
import { createStaffAccount } from '../server/modules/staff/accounts/create-staff-account';
import type { CreatedStaff } from '../server/modules/staff/accounts/create-staff-account';

export class StaffCreateError extends Error {}

const isRole = (value: string): value is StaffRole =>
  (STAFF_ROLES as readonly string[]).includes(value);

/** Checks the arguments and creates the account; the caller prints the one-time password. */
export async function staffCreate(
  db: Database,
  args: { account: string; role: string },
): Promise<CreatedStaff> {
  const account = args.account.trim();
  if (!STAFF_ACCOUNT_PATTERN.test(account)) {
    throw new StaffCreateError('The account is 3 to 32 of a-z, 0-9, _ . -');
  }
  if (!isRole(args.role))
    throw new StaffCreateError(`The role is one of ${STAFF_ROLES.join(', ')}`);
  try {
    return await createStaffAccount(db, { account, role: args.role });
  } catch (error) {
    if (error instanceof ApiRefusal && error.code === 'staff.exists') {
      throw new StaffCreateError(`A staff account "${account}" already exists.`);
    }
    throw error;
  }
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: { account: { type: 'string' }, role: { type: 'string' } },
  });
  let { account, role } = values;
  if (account === undefined || role === undefined) {
    const prompt = createInterface({ input: process.stdin, output: process.stdout });
    account ??= await prompt.question('Staff account: ');
    role ??= await prompt.question(`Role (${STAFF_ROLES.join(', ')}): `);
    prompt.close();
  }
  const config = loadConfig({ ...process.env, LOG_LEVEL: 'silent' });
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    const created = await staffCreate(database.db, { account, role: role.trim() });
    console.log(`Created ${created.role} "${created.account}".`);
    console.log(
      `One-time password (shown once, change it at first sign-in): ${created.oneTimePassword}`,
    );
    console.log('Sign-in then asks to enrol an authenticator app (TOTP).');
  } finally {
    await database.close();
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main().catch((error: unknown) => {
    console.error(error instanceof StaffCreateError ? error.message : error);
    process.exit(1);
  });
}
