import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EventObject } from 'xstate';
import { initialPersisted } from '../../machines/lifecycle';
import type { Lifecycle } from '../../server/lifecycle';
import type { LifecycleAdapter, PathEntity } from './lifecycle-adapter';
import { assertEdgesCovered, planLifecyclePaths } from './lifecycle-path-plan';
import type { PathPlanOptions } from './lifecycle-path-plan';
import { runLifecyclePath } from './lifecycle-path-run';
import type { DatabaseKind, TestApp } from './test-app';
import { buildTestApp, databaseKinds as defaultKinds } from './test-app';

/**
 * Path tests for any lifecycle: every path the plan generates (lifecycle-path-plan.ts) is driven
 * through the real app by an adapter (lifecycle-adapter.ts) and checked step by step
 * (lifecycle-path-run.ts). A test file calls `describeLifecyclePaths` once per lifecycle.
 */

export type { LifecycleAdapter, PathEntity, SendResult } from './lifecycle-adapter';
export {
  blankRejectUnsendable,
  resultOfAnswer,
  resultOfCall,
  sendClockEvent,
} from './lifecycle-adapter';
export { assertEdgesCovered, edgeName, planLifecyclePaths } from './lifecycle-path-plan';
export type { PathPlan, PathPlanOptions, PlannedPath, PlannedStep } from './lifecycle-path-plan';
export { rowCounts, runLifecyclePath } from './lifecycle-path-run';

export interface LifecyclePathsOptions<
  TEntity extends PathEntity,
  TContext,
  TEvent extends EventObject,
> extends PathPlanOptions<TEvent> {
  /** Names the describe blocks: `<name> paths on pglite`. */
  name: string;
  lifecycle: Lifecycle<TContext, TEvent>;
  /**
   * The adapter for one app (one per database kind), made once the app is up: sign in a
   * reviewer, create a table. Paths are planned before any app exists, so which events the
   * system sends as they are is `sendsAsIs` beside it, not part of the adapter.
   */
  adapter: (
    t: TestApp,
  ) =>
    | LifecycleAdapter<TEntity, TContext, TEvent>
    | Promise<LifecycleAdapter<TEntity, TContext, TEvent>>;
  /** Default: `databaseKinds` (PGlite, and PostgreSQL when DATABASE_URL is set). */
  databaseKinds?: readonly DatabaseKind[];
  /** Default: `buildTestApp(kind)`. */
  buildApp?: (kind: DatabaseKind) => Promise<TestApp>;
  /** Each path's time limit, where a path drives a simulated market: default the project's. */
  pathTimeoutMs?: number;
}

/**
 * One describe block per database kind, one app each: an `it` per planned path (fresh entity
 * each), one that every edge of the chart is taken by some path, and one that the storage's
 * column defaults are the machine's initial state.
 */
export function describeLifecyclePaths<
  TEntity extends PathEntity,
  TContext,
  TEvent extends EventObject,
>(options: LifecyclePathsOptions<TEntity, TContext, TEvent>): void {
  const { lifecycle } = options;
  const plan = planLifecyclePaths<TContext, TEvent>(lifecycle.definition, options);

  describe.each([...(options.databaseKinds ?? defaultKinds)])(
    `${options.name} paths on %s`,
    (kind) => {
      let t: TestApp | undefined;
      let adapter: LifecycleAdapter<TEntity, TContext, TEvent>;
      beforeAll(async () => {
        t = await (options.buildApp ?? buildTestApp)(kind);
        adapter = await options.adapter(t);
      });
      afterAll(() => t?.close());

      it('has a path taking every transition of the chart', () => {
        assertEdgesCovered(plan);
        expect(plan.edges.length).toBeGreaterThan(0);
      });

      it("starts new entities in the machine's initial state (storage defaults)", () => {
        expect(lifecycle.storage.defaults).toEqual(initialPersisted(lifecycle.definition.machine));
      });

      for (const path of plan.paths) {
        it(
          path.name,
          async () => {
            if (!t) throw new Error('no app');
            await runLifecyclePath({ db: t.db, lifecycle, adapter, path, events: plan.events });
          },
          options.pathTimeoutMs,
        );
      }
    },
  );
}
