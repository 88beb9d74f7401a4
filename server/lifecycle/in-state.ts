import { sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { SQL } from 'drizzle-orm';

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * A condition on an encoded state column: the entity is at or inside the state `path`
 * (`under_review` matches `under_review.overdue`; `frozen.on` matches inside a parallel value).
 * The query counterpart of machines/state-value.ts `isInState`.
 */
export function inState(column: AnyPgColumn, path: string): SQL {
  const padded = sql`(',' || ${column} || ',')`;
  const exact = `%,${escapeLike(path)},%`;
  const inside = `%,${escapeLike(path)}.%`;
  return sql`(${padded} like ${exact} or ${padded} like ${inside})`;
}
