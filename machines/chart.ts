import type { AnyStateMachine } from 'xstate';

/** A machine's top-level states and transitions, as a chart shows them. */
export interface ChartModel {
  id: string;
  initial: string;
  states: { key: string; final: boolean }[];
  edges: ChartEdge[];
}

export interface ChartEdge {
  from: string;
  to: string;
  event: string;
  guard: string | null;
}

/** A step an entity actually took, from its transition records. */
export interface TakenStep {
  from: string;
  to: string;
  event: string;
}

export function describeChart(machine: AnyStateMachine): ChartModel {
  const edges: ChartEdge[] = [];
  const states = Object.entries(machine.root.states).map(([key, node]) => {
    for (const [event, transitions] of node.transitions.entries()) {
      for (const t of transitions) {
        const guard =
          t.guard === undefined ? null : typeof t.guard === 'string' ? t.guard : 'guard';
        for (const target of t.target ?? [])
          edges.push({ from: key, to: target.key, event, guard });
      }
    }
    return { key, final: node.type === 'final' };
  });
  const initial = machine.root.initial?.target?.[0]?.key ?? states[0]?.key ?? '';
  return { id: machine.id, initial, states, edges };
}

const BOX_W = 160;
const BOX_H = 44;
const COL_GAP = 190;
const ROW_GAP = 56;
const PAD = 32;

/** Columns by distance from the initial state, so a chart reads left to right like the lifecycle. */
function layout(model: ChartModel): Map<string, { x: number; y: number }> {
  const depth = new Map<string, number>([[model.initial, 0]]);
  const queue = [model.initial];
  while (queue.length > 0) {
    const key = queue.shift() as string;
    for (const edge of model.edges.filter((e) => e.from === key)) {
      if (!depth.has(edge.to)) {
        depth.set(edge.to, (depth.get(key) ?? 0) + 1);
        queue.push(edge.to);
      }
    }
  }
  const unreachableColumn = Math.max(0, ...depth.values()) + 1;
  const rows = new Map<number, number>();
  const positions = new Map<string, { x: number; y: number }>();
  for (const { key } of model.states) {
    const column = depth.get(key) ?? unreachableColumn;
    const row = rows.get(column) ?? 0;
    rows.set(column, row + 1);
    positions.set(key, {
      x: PAD + column * (BOX_W + COL_GAP),
      y: PAD + 24 + row * (BOX_H + ROW_GAP),
    });
  }
  return positions;
}

const escapeXml = (text: string) =>
  text.replace(
    /[<>&"']/g,
    (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;', "'": '&apos;' })[c] ?? c,
  );

export interface ChartOptions {
  current?: string | null;
  taken?: TakenStep[];
  title?: string;
}

/**
 * An SVG state chart: every state and transition, the entity's current state filled, the states
 * and transitions it has taken drawn bold. Plain SVG with no scripts, safe to inline or save.
 */
export function renderChartSvg(model: ChartModel, options: ChartOptions = {}): string {
  const positions = layout(model);
  const taken = options.taken ?? [];
  const visited = new Set(taken.flatMap((s) => [s.from, s.to]));
  const wasTaken = (e: ChartEdge) =>
    taken.some((s) => s.from === e.from && s.to === e.to && s.event === e.event);
  const width = Math.max(...[...positions.values()].map((p) => p.x)) + BOX_W + PAD;
  const height = Math.max(...[...positions.values()].map((p) => p.y)) + BOX_H + PAD + 60;

  const edges = model.edges.map((edge, index) => {
    const a = positions.get(edge.from);
    const b = positions.get(edge.to);
    if (!a || !b) return '';
    const bold = wasTaken(edge);
    const forward = b.x > a.x;
    const label = escapeXml(edge.guard ? `${edge.event} [${edge.guard}]` : edge.event);
    let d: string;
    let lx: number;
    let ly: number;
    if (forward) {
      const x1 = a.x + BOX_W;
      const y1 = a.y + BOX_H / 2;
      const x2 = b.x;
      const y2 = b.y + BOX_H / 2;
      d = `M${x1},${y1} C${x1 + COL_GAP / 2},${y1} ${x2 - COL_GAP / 2},${y2} ${x2},${y2}`;
      lx = (x1 + x2) / 2;
      ly = (y1 + y2) / 2 - 6;
    } else {
      // Backward or same-column edges loop under the boxes so they never cross a label.
      const x1 = a.x + BOX_W / 2;
      const y1 = a.y + BOX_H;
      const x2 = b.x + BOX_W / 2 + (b.x === a.x ? 20 : 0);
      const y2 = b.y + BOX_H;
      const dip = Math.max(y1, y2) + 36 + (index % 3) * 10;
      d = `M${x1},${y1} C${x1},${dip} ${x2},${dip} ${x2},${y2}`;
      lx = (x1 + x2) / 2;
      ly = dip + 14;
    }
    const stroke = bold ? '#1d4ed8' : '#64748b';
    return [
      `<path d="${d}" fill="none" stroke="${stroke}" stroke-width="${bold ? 3 : 1.5}" marker-end="url(#arrow${bold ? '-taken' : ''})"/>`,
      // A halo in the background colour keeps a label readable where it crosses a line.
      `<text x="${lx}" y="${ly}" text-anchor="middle" font-size="11" fill="${stroke}" stroke="#f8fafc" stroke-width="4" paint-order="stroke">${label}</text>`,
    ].join('');
  });

  const boxes = model.states.map(({ key, final }) => {
    const p = positions.get(key);
    if (!p) return '';
    const isCurrent = key === options.current;
    const fill = isCurrent ? '#1d4ed8' : visited.has(key) ? '#dbeafe' : '#ffffff';
    const text = isCurrent ? '#ffffff' : '#0f172a';
    const inner = final
      ? `<rect x="${p.x + 4}" y="${p.y + 4}" width="${BOX_W - 8}" height="${BOX_H - 8}" rx="8" fill="none" stroke="${isCurrent ? '#ffffff' : '#334155'}"/>`
      : '';
    return (
      `<g data-state="${escapeXml(key)}"${isCurrent ? ' data-current="true"' : ''}>` +
      `<rect x="${p.x}" y="${p.y}" width="${BOX_W}" height="${BOX_H}" rx="10" fill="${fill}" stroke="#334155" stroke-width="${visited.has(key) || isCurrent ? 2 : 1}"/>` +
      inner +
      `<text x="${p.x + BOX_W / 2}" y="${p.y + BOX_H / 2 + 4}" text-anchor="middle" font-size="13" font-weight="600" fill="${text}">${escapeXml(key)}</text></g>`
    );
  });

  const start = positions.get(model.initial);
  const entry = start
    ? `<circle cx="${start.x - 18}" cy="${start.y + BOX_H / 2}" r="6" fill="#0f172a"/><path d="M${start.x - 12},${start.y + BOX_H / 2} L${start.x},${start.y + BOX_H / 2}" stroke="#0f172a" stroke-width="1.5" marker-end="url(#arrow)"/>`
    : '';
  const title = escapeXml(options.title ?? model.id);
  const marker = (id: string, color: string) =>
    `<marker id="${id}" viewBox="0 0 10 10" refX="9" refY="5" markerUnits="userSpaceOnUse" markerWidth="10" markerHeight="10" orient="auto-start-reverse"><path d="M0,0 L10,5 L0,10 z" fill="${color}"/></marker>`;

  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" font-family="system-ui, sans-serif" role="img" aria-label="${title}">`,
    `<defs>${marker('arrow', '#64748b')}${marker('arrow-taken', '#1d4ed8')}</defs>`,
    `<rect width="100%" height="100%" fill="#f8fafc"/>`,
    `<text x="${PAD}" y="${PAD - 8}" font-size="14" font-weight="700" fill="#0f172a">${title}</text>`,
    ...edges,
    entry,
    ...boxes,
    '</svg>',
  ].join('\n');
}
