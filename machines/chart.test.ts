import { and, not, setup } from 'xstate';
import type { AnyStateMachine } from 'xstate';
import { describe, expect, it } from 'vitest';
import { chartNodes, describeChart, renderChartSvg } from './chart';
import type { ChartOptions } from './chart';

// Small machines shaped like the lifecycles: flat, nested, parallel, guarded, with refusals.

const flat = setup({ guards: { hasReason: () => true } }).createMachine({
  id: 'flat',
  initial: 'unverified',
  states: {
    unverified: {
      meta: { refusals: { 'review.approve': 'kyc.not_under_review' } },
      on: { 'kyc.submit': 'under_review' },
    },
    under_review: {
      meta: { refusals: { 'review.reject': 'kyc.reason_required' } },
      on: {
        'review.approve': 'passed',
        'review.reject': { target: 'rejected', guard: 'hasReason' },
      },
    },
    rejected: { on: { 'kyc.submit': 'under_review' } },
    passed: { type: 'final', meta: { refusals: { 'kyc.submit': 'kyc.already_verified' } } },
  },
});

const nested = setup({ guards: { hasReason: () => true } }).createMachine({
  id: 'nested',
  initial: 'unverified',
  states: {
    unverified: { on: { 'kyc.submit': 'under_review' } },
    under_review: {
      initial: 'waiting',
      meta: { refusals: { 'kyc.submit': 'kyc.already_under_review' } },
      // Declared on the parent: they leave whichever child the entity is in.
      on: {
        'review.approve': 'passed',
        'review.reject': { target: 'rejected', guard: 'hasReason' },
      },
      states: {
        waiting: { on: { 'review.overdue': 'overdue' } },
        overdue: { meta: { refusals: { 'review.overdue': 'kyc.already_overdue' } } },
      },
    },
    rejected: { on: { 'kyc.submit': 'under_review' } },
    passed: { type: 'final' },
  },
});

const region = (on: string, off: string) => ({
  initial: 'off',
  states: { off: { on: { [on]: 'on' } }, on: { on: { [off]: 'off' } } },
});
const parallel = setup({}).createMachine({
  id: 'account',
  type: 'parallel',
  states: {
    frozen: region('account.freeze', 'account.unfreeze'),
    disabled: region('account.disable', 'account.enable'),
    loginBanned: region('account.banLogin', 'account.allowLogin'),
  },
});

const guarded = setup({
  guards: { a: () => true, b: () => true },
  delays: { sla: 1000 },
}).createMachine({
  id: 'guarded',
  initial: 'one',
  states: {
    one: {
      on: {
        go: { target: 'two', guard: and(['a', not('b')]) },
        jump: { target: 'two', guard: () => true },
      },
      after: { 5000: 'three' },
    },
    two: { always: { target: 'three', guard: { type: 'a' } }, after: { sla: 'one' } },
    three: { type: 'final' },
  },
});

const MACHINES: AnyStateMachine[] = [flat, nested, parallel, guarded];

// Reading the SVG back: what a reviewer sees is what these parse.

interface Rect {
  x: number;
  y: number;
  width: number;
  height: number;
}
interface Point {
  x: number;
  y: number;
}

const attr = (tag: string, name: string) => {
  const match = new RegExp(`\\s${name}="([^"]*)"`).exec(tag);
  return match?.[1];
};
const rectOf = (tag: string): Rect => ({
  x: Number(attr(tag, 'x')),
  y: Number(attr(tag, 'y')),
  width: Number(attr(tag, 'width')),
  height: Number(attr(tag, 'height')),
});

function statesOf(svg: string): Map<string, { rect: Rect; current: boolean; group: string }> {
  const states = new Map<string, { rect: Rect; current: boolean; group: string }>();
  for (const match of svg.matchAll(/<g data-state="([^"]*)"([^>]*)>(<rect [^>]*>)(.*?)<\/g>/g)) {
    const [group, path = '', rest = '', rect = ''] = match;
    states.set(path, { rect: rectOf(rect), current: rest.includes('data-current="true"'), group });
  }
  return states;
}

function edgesOf(
  svg: string,
): { key: string; taken: boolean; initial: boolean; points: Point[] }[] {
  return [...svg.matchAll(/<g data-edge="([^"]*)"([^>]*)><path d="([^"]*)"/g)].map((m) => ({
    key: m[1] ?? '',
    taken: (m[2] ?? '').includes('data-taken="true"'),
    initial: (m[2] ?? '').includes('data-initial="true"'),
    points: (m[3] ?? '').split(' ').map((p) => {
      const [x, y] = p.slice(1).split(',').map(Number);
      return { x: x ?? NaN, y: y ?? NaN };
    }),
  }));
}

function labelsOf(svg: string): { key: string; rect: Rect; text: string }[] {
  return [
    ...svg.matchAll(/<g data-label="([^"]*)">(<rect [^>]*>)<text [^>]*>([^<]*)<\/text><\/g>/g),
  ].map((m) => ({ key: m[1] ?? '', rect: rectOf(m[2] ?? ''), text: m[3] ?? '' }));
}

const keyOf = (e: { source: string; event: string; target: string }) =>
  `${e.source}|${e.event}|${e.target}`;

// Geometry.

const distPointRect = (p: Point, r: Rect) =>
  Math.hypot(
    Math.max(r.x - p.x, 0, p.x - (r.x + r.width)),
    Math.max(r.y - p.y, 0, p.y - (r.y + r.height)),
  );

function distPointSegment(p: Point, a: Point, b: Point): number {
  const dx = b.x - a.x;
  const dy = b.y - a.y;
  const length = dx * dx + dy * dy;
  const t =
    length === 0 ? 0 : Math.max(0, Math.min(1, ((p.x - a.x) * dx + (p.y - a.y) * dy) / length));
  return Math.hypot(p.x - (a.x + t * dx), p.y - (a.y + t * dy));
}

/** Distance from a box to a polyline; 0 when the line enters the box. */
function distRectPolyline(r: Rect, points: Point[]): number {
  let best = Infinity;
  const corners = [
    { x: r.x, y: r.y },
    { x: r.x + r.width, y: r.y },
    { x: r.x, y: r.y + r.height },
    { x: r.x + r.width, y: r.y + r.height },
  ];
  for (let i = 1; i < points.length; i += 1) {
    const a = points[i - 1] as Point;
    const b = points[i] as Point;
    // Orthogonal routing: a segment crossing the box passes within it at some sampled point.
    for (let s = 0; s <= 20; s += 1) {
      const p = { x: a.x + ((b.x - a.x) * s) / 20, y: a.y + ((b.y - a.y) * s) / 20 };
      best = Math.min(best, distPointRect(p, r));
    }
    for (const c of corners) best = Math.min(best, distPointSegment(c, a, b));
  }
  return best;
}

const overlaps = (a: Rect, b: Rect) =>
  a.x < b.x + b.width - 0.5 &&
  b.x < a.x + a.width - 0.5 &&
  a.y < b.y + b.height - 0.5 &&
  b.y < a.y + a.height - 0.5;

const inside = (inner: Rect, outer: Rect) =>
  inner.x >= outer.x - 0.5 &&
  inner.y >= outer.y - 0.5 &&
  inner.x + inner.width <= outer.x + outer.width + 0.5 &&
  inner.y + inner.height <= outer.y + outer.height + 0.5;

/** On the box's border, within rounding. */
const onBorder = (p: Point, r: Rect) =>
  distPointRect(p, r) <= 1 &&
  (Math.abs(p.x - r.x) <= 1 ||
    Math.abs(p.x - r.x - r.width) <= 1 ||
    Math.abs(p.y - r.y) <= 1 ||
    Math.abs(p.y - r.y - r.height) <= 1);

describe('describeChart', () => {
  it('walks the whole tree: nested and parallel states with full paths, regions marked', () => {
    const nodes = chartNodes(describeChart(nested));
    expect(nodes.map((n) => [n.path, n.key, n.kind])).toEqual([
      ['unverified', 'unverified', 'atomic'],
      ['under_review', 'under_review', 'compound'],
      ['under_review.waiting', 'waiting', 'atomic'],
      ['under_review.overdue', 'overdue', 'atomic'],
      ['rejected', 'rejected', 'atomic'],
      ['passed', 'passed', 'final'],
    ]);
    const account = chartNodes(describeChart(parallel));
    expect(account.filter((n) => n.region).map((n) => n.path)).toEqual([
      'frozen',
      'disabled',
      'loginBanned',
    ]);
    expect(account.map((n) => n.path)).toContain('frozen.on');
  });

  it('lists transitions declared on ancestors, initial ones, guards and refusals', () => {
    const model = describeChart(nested);
    expect(model.edges).toContainEqual({
      source: 'under_review',
      target: 'rejected',
      event: 'review.reject',
      guard: 'hasReason',
      initial: false,
    });
    expect(model.edges).toContainEqual({
      source: 'under_review',
      target: 'under_review.waiting',
      event: '',
      guard: null,
      initial: true,
    });
    expect(model.edges.filter((e) => e.initial).map((e) => [e.source, e.target])).toEqual([
      ['', 'unverified'],
      ['under_review', 'under_review.waiting'],
    ]);
    expect(model.edges.filter((e) => !e.initial)).toHaveLength(5);
    const overdue = chartNodes(model).find((n) => n.path === 'under_review.overdue');
    expect(overdue?.refusals).toEqual([{ event: 'review.overdue', code: 'kyc.already_overdue' }]);
    // A parallel machine has no initial transition of its own; each region has one.
    const account = describeChart(parallel);
    expect(account.edges.filter((e) => e.initial).map((e) => e.source)).toEqual([
      'frozen',
      'disabled',
      'loginBanned',
    ]);
  });

  it('names guards and labels eventless and delayed transitions', () => {
    const edges = describeChart(guarded).edges.filter((e) => !e.initial);
    expect(edges.map((e) => [keyOf(e), e.guard])).toEqual([
      ['one|go|two', 'and(a, not(b))'],
      ['one|jump|two', 'guard'],
      ['one|after 5000|three', null],
      ['two|after sla|one', null],
      ['two|always|three', 'a'],
    ]);
  });
});

describe('renderChartSvg', () => {
  const words: ChartOptions = {
    eventLabel: (e) => ({ 'review.approve': '심사 승인', 'kyc.submit': '실명인증 제출' })[e],
    stateLabel: (p) => ({ under_review: '심사 중', 'under_review.overdue': '기한 초과' })[p],
  };

  for (const machine of MACHINES) {
    describe(`the ${machine.id} chart`, () => {
      const model = describeChart(machine);
      const rendered = renderChartSvg(model, words);

      it('draws every transition once, its label exactly once', async () => {
        const svg = await rendered;
        const edges = edgesOf(svg);
        expect(edges.map((e) => e.key).sort()).toEqual(model.edges.map(keyOf).sort());
        const labels = labelsOf(svg);
        const labelled = model.edges.filter((e) => !e.initial);
        expect(labels.map((l) => l.key).sort()).toEqual(labelled.map(keyOf).sort());
        // Each text is in the drawing as often as there are edges carrying it (two sources may
        // share an event): never dropped, never drawn twice.
        const texts = labels.map((l) => l.text);
        for (const edge of labelled) {
          const text = labels.find((l) => l.key === keyOf(edge))?.text ?? '';
          expect(text).toContain(edge.event);
          const carriers = texts.filter((t) => t === text).length;
          expect(svg.split(`>${text}<`).length - 1, text).toBe(carriers);
        }
      });

      it('places labels apart, each on its own edge', async () => {
        const svg = await rendered;
        const labels = labelsOf(svg);
        const edges = edgesOf(svg);
        labels.forEach((a, i) =>
          labels
            .slice(i + 1)
            .forEach((b) => expect(overlaps(a.rect, b.rect), `${a.key} / ${b.key}`).toBe(false)),
        );
        for (const label of labels) {
          const own = edges.find((e) => e.key === label.key);
          expect(own).toBeDefined();
          const distance = distRectPolyline(label.rect, own?.points ?? []);
          expect(distance, label.key).toBeLessThanOrEqual(4);
          for (const other of edges.filter((e) => e !== own)) {
            expect(
              distRectPolyline(label.rect, other.points),
              `${label.key} vs ${other.key}`,
            ).toBeGreaterThan(distance);
          }
        }
      });

      it('keeps children inside their containers and arrows on the right boxes', async () => {
        const svg = await rendered;
        const boxes = statesOf(svg);
        for (const node of chartNodes(model)) {
          const box = boxes.get(node.path);
          expect(box, node.path).toBeDefined();
          for (const child of node.children) {
            expect(inside(boxes.get(child.path)?.rect ?? box!.rect, box!.rect), child.path).toBe(
              true,
            );
            expect(boxes.get(child.path), child.path).toBeDefined();
          }
        }
        // Sibling states never overlap.
        for (const node of chartNodes(model)) {
          node.children.forEach((a, i) =>
            node.children.slice(i + 1).forEach((b) => {
              expect(overlaps(boxes.get(a.path)!.rect, boxes.get(b.path)!.rect)).toBe(false);
            }),
          );
        }
        for (const edge of edgesOf(svg)) {
          const [source, , target] = edge.key.split('|');
          const end = edge.points.at(-1)!;
          expect(onBorder(end, boxes.get(target!)!.rect), `${edge.key} ends on its target`).toBe(
            true,
          );
          if (!edge.initial)
            expect(
              onBorder(edge.points[0]!, boxes.get(source!)!.rect),
              `${edge.key} starts on its source`,
            ).toBe(true);
        }
      });

      it('gives the same bytes twice', async () => {
        expect(await renderChartSvg(describeChart(machine), words)).toBe(await rendered);
      });

      it('reuses its layout across states without changing it', async () => {
        // The layout is cached per model and texts; colouring another state must not disturb
        // the geometry the next render reads.
        const first = chartNodes(describeChart(machine))[0]?.path ?? null;
        await renderChartSvg(describeChart(machine), { ...words, current: first });
        expect(await renderChartSvg(describeChart(machine), words)).toBe(await rendered);
      });
    });
  }

  it('marks a flat state current and the steps taken bold, with visited states tinted', async () => {
    const svg = await renderChartSvg(describeChart(flat), {
      current: 'under_review',
      taken: [
        { from: 'unverified', to: 'under_review', event: 'kyc.submit' },
        { from: 'under_review', to: 'rejected', event: 'review.reject' },
        { from: 'rejected', to: 'under_review', event: 'kyc.submit' },
      ],
    });
    const states = statesOf(svg);
    expect([...states].filter(([, s]) => s.current).map(([path]) => path)).toEqual([
      'under_review',
    ]);
    expect(
      edgesOf(svg)
        .filter((e) => e.taken)
        .map((e) => e.key)
        .sort(),
    ).toEqual([
      'rejected|kyc.submit|under_review',
      'under_review|review.reject|rejected',
      'unverified|kyc.submit|under_review',
    ]);
    expect(states.get('rejected')?.group).toContain('fill="#dbeafe"');
    expect(states.get('passed')?.group).toContain('fill="#ffffff"');
  });

  it('marks a nested state and its ancestors current; ancestor transitions count as taken', async () => {
    const svg = await renderChartSvg(describeChart(nested), {
      current: 'under_review.overdue',
      taken: [
        { from: 'unverified', to: 'under_review.waiting', event: 'kyc.submit' },
        { from: 'under_review.waiting', to: 'under_review.overdue', event: 'review.overdue' },
        { from: 'under_review.overdue', to: 'rejected', event: 'review.reject' },
      ],
    });
    const current = [...statesOf(svg)].filter(([, s]) => s.current).map(([path]) => path);
    expect(current).toEqual(['under_review', 'under_review.overdue']);
    expect(
      edgesOf(svg)
        .filter((e) => e.taken)
        .map((e) => e.key)
        .sort(),
    ).toEqual([
      'under_review.waiting|review.overdue|under_review.overdue',
      'under_review|review.reject|rejected',
      'unverified|kyc.submit|under_review',
    ]);
    // The leaf is filled; its container is only outlined.
    expect(statesOf(svg).get('under_review.overdue')?.group).toContain('fill="#1d4ed8"');
    expect(statesOf(svg).get('under_review')?.group).not.toContain('fill="#1d4ed8"');
  });

  it('marks every region of a parallel state from the encoded form', async () => {
    const svg = await renderChartSvg(describeChart(parallel), {
      current: 'frozen.on,disabled.off,loginBanned.off',
      taken: [
        {
          from: 'frozen.off,disabled.off,loginBanned.off',
          to: 'frozen.on,disabled.off,loginBanned.off',
          event: 'account.freeze',
        },
      ],
    });
    const current = [...statesOf(svg)].filter(([, s]) => s.current).map(([path]) => path);
    expect(current).toEqual([
      'frozen',
      'frozen.on',
      'disabled',
      'disabled.off',
      'loginBanned',
      'loginBanned.off',
    ]);
    expect(
      edgesOf(svg)
        .filter((e) => e.taken)
        .map((e) => e.key),
    ).toEqual(['frozen.off|account.freeze|frozen.on']);
    expect(svg.match(/stroke-dasharray/g)).toHaveLength(3);
  });

  it('shows guards, refusal codes in their state, and words beside ids', async () => {
    const svg = await renderChartSvg(describeChart(nested), words);
    const labels = labelsOf(svg).map((l) => l.text);
    expect(labels).toContain('심사 승인 (review.approve)');
    expect(labels).toContain('review.reject [hasReason]');
    expect(labels).toContain('실명인증 제출 (kyc.submit)');
    const states = statesOf(svg);
    expect(states.get('under_review.overdue')?.group).toContain(
      'review.overdue → kyc.already_overdue',
    );
    expect(states.get('under_review.overdue')?.group).toMatch(/>기한 초과<.*>overdue</);
    expect(states.get('under_review')?.group).toContain('kyc.submit → kyc.already_under_review');
    expect(states.get('unverified')?.group).not.toContain('→');
  });

  it('grows a state box to fit its refusal codes', async () => {
    const svg = await renderChartSvg(describeChart(flat));
    const states = statesOf(svg);
    const withRefusal = states.get('passed')!.rect;
    const without = states.get('rejected')!.rect;
    expect(withRefusal.height).toBeGreaterThan(without.height);
    expect(withRefusal.width).toBeGreaterThan('kyc.submit → kyc.already_verified'.length * 5);
  });

  it('escapes every text and carries no script', async () => {
    const svg = await renderChartSvg(describeChart(flat), {
      title: '<script>alert(1)</script>',
      eventLabel: () => '"quoted" & <b>',
      stateLabel: () => "it's <i>",
    });
    expect(svg).not.toMatch(/<script|<b>|<i>|\son\w+=/);
    expect(svg).toContain('aria-label="&lt;script&gt;alert(1)&lt;/script&gt;"');
    expect(svg).toContain('&quot;quoted&quot; &amp; &lt;b&gt; (kyc.submit)');
    expect(svg).toContain('it&apos;s &lt;i&gt;');
    expect(svg).toMatch(/^<svg [^>]*role="img"/);
  });
});
