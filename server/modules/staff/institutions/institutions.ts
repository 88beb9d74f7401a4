import { asc, count, eq } from 'drizzle-orm';
import type { Database } from '../../../db/connect';
import { isUniqueViolation } from '../../../db/errors';
import { customers, institutions } from '../../../db/schema';
import { ApiRefusal } from '../../../http/refusal';

const withCounts = (db: Database) =>
  db
    .select({
      id: institutions.id,
      code: institutions.code,
      name: institutions.name,
      active: institutions.active,
      createdAt: institutions.createdAt,
      customers: count(customers.id),
    })
    .from(institutions)
    .leftJoin(customers, eq(customers.institutionId, institutions.id))
    .groupBy(institutions.id);

type Row = Awaited<ReturnType<ReturnType<typeof withCounts>['execute']>>[number];
const toDto = (r: Row) => ({ ...r, createdAt: r.createdAt.toISOString() });

async function one(db: Database, id: number) {
  const [row] = await withCounts(db).where(eq(institutions.id, id));
  if (!row) throw new ApiRefusal('institution.not_found', { field: 'institutionId' }, 404);
  return toDto(row);
}

export async function createInstitution(db: Database, input: { name: string; code: string }) {
  try {
    const [row] = await db
      .insert(institutions)
      .values({ name: input.name.trim(), code: input.code })
      .returning({ id: institutions.id });
    if (!row) throw new Error('insert returned no row');
    return await one(db, row.id);
  } catch (error) {
    if (isUniqueViolation(error)) throw new ApiRefusal('institution.exists', { field: 'code' });
    throw error;
  }
}

/** A disabled code takes no new registrations; customers who used it keep their accounts. */
export async function disableInstitution(db: Database, id: number) {
  const updated = await db
    .update(institutions)
    .set({ active: false })
    .where(eq(institutions.id, id))
    .returning({ id: institutions.id });
  if (updated.length === 0) {
    throw new ApiRefusal('institution.not_found', { field: 'institutionId' }, 404);
  }
  return one(db, id);
}

export async function listInstitutions(db: Database, page: number, pageSize: number) {
  const [total] = await db.select({ n: count() }).from(institutions);
  const rows = await withCounts(db)
    .orderBy(asc(institutions.id))
    .limit(pageSize)
    .offset((page - 1) * pageSize);
  return { items: rows.map(toDto), page, pageSize, total: total?.n ?? 0 };
}

export { one as institutionById };
