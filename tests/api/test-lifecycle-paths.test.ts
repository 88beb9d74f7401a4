import { sql } from 'drizzle-orm';
import { integer, jsonb, pgTable, serial, text } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assign, setup } from 'xstate';
import { defineLifecycleMachine, stateMeta } from '../../machines/lifecycle';
import type { Database } from '../../server/db/connect';
import { applyEvent, tableStorage } from '../../server/lifecycle';
import type { Lifecycle } from '../../server/lifecycle';
import type { LifecycleAdapter, PlannedPath } from '../support/lifecycle-paths';
import {
  assertEdgesCovered,
  describeLifecyclePaths,
  edgeName,
  planLifecyclePaths,
  resultOfCall,
  runLifecyclePath,
} from '../support/lifecycle-paths';
import type { TestApp } from '../support/test-app';
import { buildTestApp } from '../support/test-app';

/**
 * A lifecycle that exists only in this file (machine, table, storage, adapter) gets every path
 * tested by the harness with no other code. Then the harness itself: the edge-coverage check
 * names an edge no path takes, and a system that breaks the lifecycle's rules fails a path.
 */

type WidgetEvent =
  | { type: 'widget.write'; text: string }
  | { type: 'widget.publish'; by: string }
  | { type: 'widget.flag' }
  | { type: 'widget.unflag' }
  | { type: 'widget.pin' }
  | { type: 'widget.unpin' }
  | { type: 'widget.retract' };

interface WidgetContext {
  revisions: number;
  text: string | null;
  publishedBy: string | null;
}

const meta = stateMeta<WidgetEvent>;
/** Nested (draft.empty / draft.written), parallel (live: flag × pin), a guard and refusals. */
const widgetMachine = setup({
  types: { context: {} as WidgetContext, events: {} as WidgetEvent },
  actions: {
    write: assign(({ context, event }) => ({
      revisions: context.revisions + 1,
      text: event.type === 'widget.write' ? event.text : context.text,
    })),
  },
  guards: {
    hasPublisher: ({ event }) => event.type === 'widget.publish' && event.by.trim() !== '',
  },
}).createMachine({
  id: 'widget',
  context: { revisions: 0, text: null, publishedBy: null },
  initial: 'draft',
  states: {
    draft: {
      initial: 'empty',
      // The guard's refusal: a publication names who published it.
      meta: meta({ refusals: { 'widget.publish': 'request.required' } }),
      states: {
        empty: {
          // Nothing written yet: refined below the parent's code.
          meta: meta({ refusals: { 'widget.publish': 'request.invalid' } }),
          on: { 'widget.write': { target: 'written', actions: 'write' } },
        },
        written: {
          on: {
            // Back into the same state: an edge simple paths never take.
            'widget.write': { target: 'written', actions: 'write' },
            'widget.publish': {
              target: '#widget.live',
              guard: 'hasPublisher',
              actions: assign({
                publishedBy: ({ event }) => (event.type === 'widget.publish' ? event.by : null),
              }),
            },
          },
        },
      },
    },
    live: {
      type: 'parallel',
      meta: meta({ refusals: { 'widget.write': 'request.invalid' } }),
      on: {
        'widget.retract': {
          target: 'draft',
          actions: assign({ text: null, publishedBy: null }),
        },
      },
      states: {
        flag: {
          initial: 'off',
          states: {
            off: { on: { 'widget.flag': 'on' } },
            on: { on: { 'widget.unflag': 'off' } },
          },
        },
        pin: {
          initial: 'off',
          states: {
            off: { on: { 'widget.pin': 'on' } },
            on: { on: { 'widget.unpin': 'off' } },
          },
        },
      },
    },
  },
});

const widgetDefinition = defineLifecycleMachine<WidgetEvent>({
  machine: widgetMachine,
  version: 3,
  sampleEvents: [
    { type: 'widget.write', text: 'Hello' },
    { type: 'widget.publish', by: 'editor' },
    { type: 'widget.flag' },
    { type: 'widget.unflag' },
    { type: 'widget.pin' },
    { type: 'widget.unpin' },
    { type: 'widget.retract' },
  ],
});

const INITIAL_CONTEXT: WidgetContext = { revisions: 0, text: null, publishedBy: null };

const testWidgets = pgTable('test_widgets', {
  id: serial('id').primaryKey(),
  state: text('state').notNull().default('draft.empty'),
  context: jsonb('context').$type<WidgetContext>().notNull().default(INITIAL_CONTEXT),
  version: integer('version').notNull().default(0),
});

const widgetLifecycle: Lifecycle<WidgetContext, WidgetEvent> = {
  type: 'test_widget',
  definition: widgetDefinition,
  storage: tableStorage<WidgetContext>(testWidgets, {
    id: testWidgets.id,
    state: testWidgets.state,
    context: testWidgets.context,
    version: testWidgets.version,
  }),
  notFound: 'request.not_found',
};

// The blank-publisher event the guard refuses: sent as it is, since nothing validates before
// the machine here.
const BLANK_PUBLISHER: WidgetEvent = { type: 'widget.publish', by: ' ' };

async function createWidgetTable(db: Database): Promise<void> {
  await db.execute(
    sql.raw(`create table test_widgets (
      id serial primary key,
      state text not null default 'draft.empty',
      context jsonb not null default '${JSON.stringify(INITIAL_CONTEXT)}',
      version integer not null default 0
    )`),
  );
}

const actorOf = (event: WidgetEvent, widget: { id: number }) =>
  event.type === 'widget.write'
    ? { kind: 'customer' as const, id: widget.id }
    : event.type === 'widget.publish' || event.type === 'widget.retract'
      ? { kind: 'staff' as const, id: 42 }
      : { kind: 'system' as const, id: null };

const reasonOf = (event: WidgetEvent) =>
  event.type === 'widget.publish' ? `published by ${event.by.trim()}` : null;

/** The rows of a raw query: both drivers answer `{ rows }`. */
const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

/** Sends straight to the engine, as a job or a service inside the server would. */
function widgetAdapter(db: Database): LifecycleAdapter<{ id: number }, WidgetContext, WidgetEvent> {
  return {
    async create() {
      // The table's own defaults: a new row must start in the machine's initial state.
      const [row] = rowsOf<{ id: number }>(
        await db.execute(sql`insert into test_widgets default values returning id`),
      );
      if (!row) throw new Error('no widget');
      return { id: row.id };
    },
    send: (widget, event) =>
      resultOfCall(() =>
        applyEvent(db, {
          lifecycle: widgetLifecycle,
          id: widget.id,
          event,
          actor: actorOf(event, widget),
          reason: reasonOf(event),
        }),
      ),
    actorOf,
    reasonOf,
  };
}

describeLifecyclePaths({
  name: 'test widget',
  lifecycle: widgetLifecycle,
  extraEvents: [BLANK_PUBLISHER],
  adapter: async (t) => {
    await createWidgetTable(t.db);
    return widgetAdapter(t.db);
  },
});

describe('the edge-coverage check', () => {
  it('covers nested, parallel and back edges with the planned paths', () => {
    const plan = planLifecyclePaths(widgetDefinition, { extraEvents: [BLANK_PUBLISHER] });
    expect(plan.missingEdges).toEqual([]);
    expect(plan.edges.map(edgeName)).toEqual(
      expect.arrayContaining([
        'draft.written --widget.write--> draft.written',
        'live --widget.retract--> draft',
        'live.flag.on --widget.unflag--> live.flag.off',
      ]),
    );
    // The edge back into draft.written is taken only by writing twice.
    expect(plan.paths.map((p) => p.steps.map((s) => s.event.type))).toContainEqual([
      'widget.write',
      'widget.write',
    ]);
  });

  it('names the edges no path takes when the system cannot send an event', () => {
    const plan = planLifecyclePaths(widgetDefinition, {
      sendsAsIs: (event) => event.type !== 'widget.retract' && event.type !== 'widget.unpin',
    });
    expect(plan.missingEdges.map(edgeName)).toEqual([
      'live --widget.retract--> draft',
      'live.pin.on --widget.unpin--> live.pin.off',
    ]);
    expect(() => assertEdgesCovered(plan)).toThrow(
      /live --widget\.retract--> draft\n.*live\.pin\.on --widget\.unpin--> live\.pin\.off/,
    );
  });
});

describe('the path runner', () => {
  let t: TestApp;
  const plan = planLifecyclePaths<WidgetContext, WidgetEvent>(widgetDefinition, {
    extraEvents: [BLANK_PUBLISHER],
  });
  // A path through every kind of state: draft, a live region, and back.
  const path = plan.paths.find((p) =>
    ['widget.publish', 'widget.retract'].every((type) =>
      p.steps.some((s) => s.event.type === type),
    ),
  ) as PlannedPath<WidgetContext, WidgetEvent>;

  beforeAll(async () => {
    t = await buildTestApp('pglite');
    await createWidgetTable(t.db);
  });
  afterAll(() => t.close());

  const run = (adapter: LifecycleAdapter<{ id: number }, WidgetContext, WidgetEvent>) =>
    runLifecyclePath({ db: t.db, lifecycle: widgetLifecycle, adapter, path, events: plan.events });

  it('passes the honest adapter', async () => {
    expect(path).toBeDefined();
    await run(widgetAdapter(t.db));
  });

  it('fails a system that writes when it refuses', async () => {
    const honest = widgetAdapter(t.db);
    await expect(
      run({
        ...honest,
        async send(widget, event) {
          const result = await honest.send(widget, event);
          if (!result.ok) await t.db.execute(sql`insert into test_widgets default values`);
          return result;
        },
      }),
    ).rejects.toThrow(/writes of refused/);
  });

  it('fails a system that refuses with another code', async () => {
    const honest = widgetAdapter(t.db);
    await expect(
      run({
        ...honest,
        async send(widget, event) {
          const result = await honest.send(widget, event);
          return result.ok ? result : { ...result, code: 'lifecycle.not_allowed' };
        },
      }),
    ).rejects.toThrow(/must be refused/);
  });

  it('fails a system that records the wrong actor', async () => {
    await expect(
      run({ ...widgetAdapter(t.db), actorOf: () => ({ kind: 'system', id: null }) }),
    ).rejects.toThrow(/transition records/);
  });

  it('fails a system that stores another context', async () => {
    const honest = widgetAdapter(t.db);
    await expect(
      run({
        ...honest,
        async read(widget) {
          const stored = await t.db.transaction((tx) =>
            widgetLifecycle.storage.load(tx, widget.id),
          );
          if (!stored) throw new Error('no widget');
          return {
            ...stored,
            context: { ...stored.context, revisions: stored.context.revisions * 2 },
          };
        },
      }),
    ).rejects.toThrow(/context after step/);
  });

  it('fails a system whose status answer offers what the machine refuses', async () => {
    await expect(
      run({
        ...widgetAdapter(t.db),
        async status(widget) {
          const stored = await t.db.transaction((tx) =>
            widgetLifecycle.storage.load(tx, widget.id),
          );
          return {
            state: stored?.state ?? '',
            version: stored?.version ?? 0,
            accepts: ['widget.retract'],
          };
        },
      }),
    ).rejects.toThrow(/status answer/);
  });
});
