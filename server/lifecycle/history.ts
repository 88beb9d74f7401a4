import { asc, and, eq } from 'drizzle-orm';
import { DEFAULT_LOCALE } from '../../contract';
import type { Locale } from '../../contract';
import { eventWords, stateWords } from '../../locales';
import { describeChart, renderChartSvg } from '../../machines/chart';
import type { Database, Transaction } from '../db/connect';
import { lifecycleTransitions } from '../db/schema';
import type { Lifecycle } from './types';

export type TransitionRecord = typeof lifecycleTransitions.$inferSelect;

/** An entity's transitions, oldest first. */
export function transitionsOf(
  db: Database | Transaction,
  entityType: string,
  entityId: number,
): Promise<TransitionRecord[]> {
  return db
    .select()
    .from(lifecycleTransitions)
    .where(
      and(
        eq(lifecycleTransitions.entityType, entityType),
        eq(lifecycleTransitions.entityId, String(entityId)),
      ),
    )
    .orderBy(asc(lifecycleTransitions.id));
}

/** The entity's state chart: the current state filled, the path it took drawn bold, words in `locale`. */
export function chartOf(
  lifecycle: Lifecycle,
  current: string,
  transitions: Pick<TransitionRecord, 'fromState' | 'toState' | 'event'>[],
  locale: Locale = DEFAULT_LOCALE,
): Promise<string> {
  return renderChartSvg(describeChart(lifecycle.definition.machine), {
    current,
    taken: transitions.map((t) => ({ from: t.fromState, to: t.toState, event: t.event })),
    title: `${lifecycle.type} (machine v${lifecycle.definition.version})`,
    eventLabel: (event) => eventWords(locale, event),
    stateLabel: (path) => stateWords(locale, lifecycle.type, path),
  });
}
