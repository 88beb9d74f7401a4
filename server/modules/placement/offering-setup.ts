import type { AppContext } from '../../app-context';
import type { Transaction } from '../../db/connect';
import { ApiRefusal } from '../../http/refusal';
import type { Lifecycle } from '../../lifecycle';
import { applyEvent } from '../../lifecycle';
import type { OfferingWindowEvent } from '../../../machines/offering-window';
import { Refusal } from '../../refusal';

/**
 * What setting up a placement and an auction share (docs/placements.md): the instrument it is of
 * (name and market kept on the row), a window that opens before it closes and is not over, edits
 * only while a draft at the version staff saw, and publishing through the window's machine.
 */

export interface InstrumentFacts {
  symbol: string;
  name: string;
  market: string;
}

export function instrumentFacts(maru: AppContext, symbol: string): InstrumentFacts {
  const instrument = maru.feed.instrument(symbol);
  if (!instrument) throw new ApiRefusal('market.unknown_symbol', { field: 'symbol' }, 404);
  return { symbol, name: instrument.nameKo, market: instrument.market };
}

function timeOf(text: string, field: string): Date {
  const at = new Date(text);
  if (Number.isNaN(at.getTime())) throw new Refusal('request.invalid', { field });
  return at;
}

/** A window that opens before it closes and closes after `now`. */
export function windowOf(
  body: { opensAt: string; closesAt: string },
  now: Date,
  invalid: 'placement.invalid_window' | 'auction.invalid_window',
): { opensAt: Date; closesAt: Date } {
  const opensAt = timeOf(body.opensAt, 'opensAt');
  const closesAt = timeOf(body.closesAt, 'closesAt');
  if (opensAt.getTime() >= closesAt.getTime() || closesAt.getTime() <= now.getTime()) {
    throw new Refusal(invalid, { field: 'closesAt' });
  }
  return { opensAt, closesAt };
}

/** An edit applies only to a draft, and only to the version the staff member saw. */
function assertEditable(
  row: { state: string; version: number },
  version: number | null | undefined,
  notDraft: 'placement.not_draft' | 'auction.not_draft',
): void {
  if (row.state !== 'draft') throw new Refusal(notDraft);
  if (version != null && version !== row.version) throw new Refusal('lifecycle.conflict');
}

/**
 * Saving from the back office: a new draft when the body has no id, else an edit of the draft at
 * the version staff saw. The callers' queries stay typed to their own table.
 */
export async function saveDraft<Row extends { state: string; version: number }>(
  body: { id?: number | null; version?: number | null },
  notDraft: 'placement.not_draft' | 'auction.not_draft',
  store: {
    insert(): Promise<Row[]>;
    load(id: number): Promise<Row>;
    update(id: number): Promise<Row[]>;
  },
): Promise<Row> {
  const id = body.id;
  if (id == null) {
    const [row] = await store.insert();
    if (!row) throw new Error(`${notDraft}: insert returned no row`);
    return row;
  }
  assertEditable(await store.load(id), body.version, notDraft);
  const [row] = await store.update(id);
  if (!row) throw new Error(`${notDraft}: update returned no row`);
  return row;
}

/**
 * Publishing: a window already over cannot be published (its jobs would open and close it at
 * once); one whose opening time has passed opens at the next job tick.
 */
export async function publishWindow<TContext>(
  db: AppContext['db'] | Transaction,
  lifecycle: Lifecycle<TContext, OfferingWindowEvent>,
  row: { id: number; closesAt: Date },
  request: { version: number; now: Date; actor: { kind: 'staff' | 'system'; id: number | null } },
  invalid: 'placement.invalid_window' | 'auction.invalid_window',
): Promise<void> {
  if (row.closesAt.getTime() <= request.now.getTime()) {
    throw new Refusal(invalid, { field: 'closesAt' });
  }
  await applyEvent(db, {
    lifecycle,
    id: row.id,
    event: { type: 'offering.publish' },
    actor: request.actor,
    expectedVersion: request.version,
    now: request.now,
  });
}
