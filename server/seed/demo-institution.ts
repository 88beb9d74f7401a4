import { randomInt } from 'node:crypto';
import { asc, eq } from 'drizzle-orm';
import type { Database } from '../db/connect';
import { institutions } from '../db/schema';

/** Letters and digits that cannot be misread for one another (no 0/O, 1/I/L). */
const CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
const CODE_LENGTH = 6;

export function randomInstitutionCode(): string {
  return Array.from(
    { length: CODE_LENGTH },
    () => CODE_ALPHABET[randomInt(CODE_ALPHABET.length)],
  ).join('');
}

/**
 * The institution code the embedded default offers for registration: MARU_DEMO_CODE when set
 * (created if missing), else the demo institution of an earlier start, else a new random one.
 * Call inside a transaction that holds the seeding lock.
 */
export async function ensureDemoInstitution(
  db: Database,
  configured: string | null,
): Promise<string> {
  if (configured !== null) {
    await db
      .insert(institutions)
      .values({ code: configured, name: 'Maru Demo', isDemo: true })
      .onConflictDoNothing({ target: institutions.code });
    return configured;
  }
  const [existing] = await db
    .select({ code: institutions.code })
    .from(institutions)
    .where(eq(institutions.isDemo, true))
    .orderBy(asc(institutions.id))
    .limit(1);
  if (existing) return existing.code;
  for (;;) {
    const code = randomInstitutionCode();
    const created = await db
      .insert(institutions)
      .values({ code, name: 'Maru Demo', isDemo: true })
      .onConflictDoNothing({ target: institutions.code })
      .returning({ code: institutions.code });
    if (created.length > 0) return code;
  }
}
