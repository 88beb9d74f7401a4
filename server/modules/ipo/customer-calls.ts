import { and, desc, eq } from 'drizzle-orm';
import type { IpoDetailDto, IpoDrawDto, IpoListDto, IpoTab } from '../../../contract';
import { ipoPhase, ipoTabOf } from '../../../contract';
import type { AppContext } from '../../app-context';
import { ipoOfferings, ipoSubscriptions } from '../../db/schema';
import { availableOf } from '../../ledger';
import { applyEvent, subscriptionLifecycle } from '../../lifecycle';
import { Refusal } from '../../refusal';
import { drawDto } from './draw-job';
import {
  drawOf,
  drawsOf,
  NO_TOTALS,
  offeringDto,
  publishedOffering,
  scheduleOf,
  totalsOf,
} from './offering-rows';
import { customerSubscription, subscriptionsTo, subscriptionView } from './subscription-view';

/** `/ipo/list`: the published offerings in the tab's phase; newest window first. */
export async function ipoList(maru: AppContext, tab: IpoTab): Promise<IpoListDto> {
  const now = maru.clock.now();
  const rows = await maru.db
    .select()
    .from(ipoOfferings)
    .where(eq(ipoOfferings.publication, 'published'))
    .orderBy(desc(ipoOfferings.opensAt), desc(ipoOfferings.id));
  const draws = await drawsOf(
    maru.db,
    rows.map((r) => r.id),
  );
  const inTab = rows.filter((r) => ipoTabOf(ipoPhase(scheduleOf(r), now, draws.has(r.id))) === tab);
  const totals = await totalsOf(
    maru.db,
    inTab.map((r) => r.id),
  );
  return {
    offerings: inTab.map((r) =>
      offeringDto(r, draws.get(r.id) ?? null, totals.get(r.id) ?? NO_TOTALS, now, maru.feed),
    ),
  };
}

/** `/ipo/detail`: the offering, the seed once drawn, my subscriptions and my available cash. */
export async function ipoDetail(
  maru: AppContext,
  customerId: number,
  id: number,
): Promise<IpoDetailDto> {
  const row = await publishedOffering(maru.db, id);
  const draw = await drawOf(maru.db, id);
  const totals = (await totalsOf(maru.db, [id])).get(id) ?? NO_TOTALS;
  return {
    offering: offeringDto(row, draw, totals, maru.clock.now(), maru.feed),
    seed: draw?.seed ?? null,
    subscriptions: await subscriptionsTo(maru.db, customerId, row),
    available: await availableOf(maru.db, customerId, 'KRW'),
  };
}

/** `/ipo/draw`: the published draw; before it `ipo.not_drawn_yet`. */
export async function ipoDraw(
  maru: AppContext,
  customerId: number,
  id: number,
): Promise<IpoDrawDto> {
  await publishedOffering(maru.db, id);
  const draw = await drawOf(maru.db, id);
  if (!draw) throw new Refusal('ipo.not_drawn_yet');
  const mine = await maru.db
    .select({ id: ipoSubscriptions.id })
    .from(ipoSubscriptions)
    .where(and(eq(ipoSubscriptions.offeringId, id), eq(ipoSubscriptions.customerId, customerId)));
  return drawDto(
    draw,
    mine.map((s) => s.id),
  );
}

/** `/ipo/pay` and `/ipo/waive`: the customer's event on their own subscription. */
export async function ipoAct(
  maru: AppContext,
  customerId: number,
  id: number,
  type: 'subscription.pay' | 'subscription.waive',
) {
  const { row } = await customerSubscription(maru.db, customerId, id);
  await applyEvent(maru.db, {
    lifecycle: subscriptionLifecycle,
    id: row.id,
    event: { type },
    actor: { kind: 'customer', id: customerId },
    now: maru.clock.now(),
  });
  return subscriptionView(maru.db, customerId, id);
}
