import { chartNodes, edgeTakenBy } from './chart-model';
import { covers, leavesOf } from './state-value';
import type { ChartEdge, ChartModel, ChartNode, TakenStep } from './chart-model';
import { CONTAINER_PAD, LEAF_PAD, layoutChart } from './chart-layout';
import type { Box, Size } from './chart-layout';
import { escapeXml, num, textWidth } from './chart-text';
import type { TextStyle } from './chart-text';

export { chartNodes, describeChart, edgeTakenBy } from './chart-model';
export type { ChartEdge, ChartModel, ChartNode, ChartNodeKind, TakenStep } from './chart-model';

export interface ChartOptions {
  /** The entity's state as the server stores it: leaf paths joined by `,`. */
  current?: string | null;
  /** Steps the entity took; `from` and `to` in the same encoded form. */
  taken?: TakenStep[];
  title?: string;
  /** Words for an event, shown beside its id. */
  eventLabel?: (eventType: string) => string | undefined;
  /** Words for a state (by dotted path), shown with its key. */
  stateLabel?: (statePath: string) => string | undefined;
}

const SANS = "system-ui, 'Noto Sans CJK KR', 'Noto Sans KR', sans-serif";
const MONO = "ui-monospace, 'DejaVu Sans Mono', monospace";
const MARGIN = 16;

const COLOR = {
  ink: '#0f172a',
  muted: '#475569',
  edge: '#64748b',
  taken: '#1d4ed8',
  refusal: '#9f1239',
  paper: '#f8fafc',
};

interface Line extends TextStyle {
  text: string;
  role: 'title' | 'key' | 'refusal';
  height: number;
}

const titleLine = (text: string, size = 13): Line => ({
  text,
  size,
  bold: true,
  role: 'title',
  height: size + 5,
});
const keyLine = (text: string): Line => ({ text, size: 11, mono: true, role: 'key', height: 15 });
const refusalLine = (text: string): Line => ({
  text,
  size: 10,
  mono: true,
  role: 'refusal',
  height: 14,
});

/** The gap above the refusal lines, where a thin rule separates them from the name. */
const RULE_GAP = 6;
const LABEL_FONT = 11;
const LABEL_PAD = { x: 5, y: 3 };

function blockSize(lines: Line[]): Size {
  const width = Math.max(0, ...lines.map((l) => textWidth(l.text, l)));
  const rule = lines.some((l) => l.role === 'refusal') ? RULE_GAP : 0;
  return { width, height: lines.reduce((sum, l) => sum + l.height, 0) + rule };
}

/** `words (event) [guard]`, or the id alone when there are no words. */
function edgeLabelText(edge: ChartEdge, eventLabel?: ChartOptions['eventLabel']): string {
  const words = edge.event === '' ? undefined : eventLabel?.(edge.event);
  const name = words ? `${words} (${edge.event})` : edge.event;
  return edge.guard ? `${name} [${edge.guard}]` : name;
}

const edgeKey = (edge: ChartEdge) => `${edge.source}|${edge.event}|${edge.target}`;

function textSvg(line: Line, x: number, baseline: number, anchor: string, fill: string): string {
  const weight = line.bold ? ' font-weight="600"' : '';
  const family = line.mono ? ` font-family="${MONO}"` : '';
  return `<text x="${num(x)}" y="${num(baseline)}" text-anchor="${anchor}" font-size="${line.size}"${weight}${family} fill="${fill}">${escapeXml(line.text)}</text>`;
}

/** Lines stacked from `top`; a rule goes above the first refusal. */
function linesSvg(
  lines: Line[],
  box: Box,
  top: number,
  align: 'middle' | 'start',
  fills: Record<Line['role'], string>,
): string {
  const x = align === 'middle' ? box.x + box.width / 2 : box.x + CONTAINER_PAD;
  let y = top;
  let ruled = false;
  return lines
    .map((line) => {
      let rule = '';
      if (line.role === 'refusal' && !ruled) {
        ruled = true;
        const inset = align === 'middle' ? LEAF_PAD.x : CONTAINER_PAD;
        const ry = y + RULE_GAP / 2;
        rule = `<path d="M${num(box.x + inset)},${num(ry)} H${num(box.x + box.width - inset)}" stroke="${fills.refusal}" stroke-opacity="0.35" stroke-width="0.75"/>`;
        y += RULE_GAP;
      }
      const baseline = y + line.height / 2 + line.size * 0.36;
      y += line.height;
      return rule + textSvg(line, x, baseline, align, fills[line.role]);
    })
    .join('');
}

/**
 * An SVG state chart laid out by ELK: every state (compound and parallel ones as containers,
 * regions dashed), every transition with its label where ELK placed it, each state's refusal
 * codes, the entity's current state filled and the steps it took drawn bold. Plain SVG with no
 * scripts and every text escaped, safe to inline or save; the same input gives the same bytes.
 */
/**
 * Layouts already computed, by everything they depend on (the machine's model, the texts that
 * size each box and label). The current state and the path taken only colour a chart, so the
 * staff entity page lays out each machine once per language, not once per view (ELK takes
 * 50–250 ms). Bounded: the oldest goes first.
 */
const LAYOUTS = new Map<string, Promise<Awaited<ReturnType<typeof layoutChart>>>>();
const MAX_LAYOUTS = 64;

function cachedLayout(
  key: string,
  compute: () => ReturnType<typeof layoutChart>,
): ReturnType<typeof layoutChart> {
  let layout = LAYOUTS.get(key);
  if (!layout) {
    layout = compute();
    // A failed layout is not kept, so the next view tries again.
    layout.catch(() => LAYOUTS.delete(key));
    LAYOUTS.set(key, layout);
    if (LAYOUTS.size > MAX_LAYOUTS) LAYOUTS.delete(LAYOUTS.keys().next().value ?? '');
  }
  return layout;
}

export async function renderChartSvg(
  model: ChartModel,
  options: ChartOptions = {},
): Promise<string> {
  const nodes = chartNodes(model);
  const title = options.title ?? model.id;
  const linesByPath = new Map<string, Line[]>([['', [titleLine(title, 15)]]]);
  for (const node of nodes) {
    const words = options.stateLabel?.(node.path);
    const lines = words ? [titleLine(words), keyLine(node.key)] : [titleLine(node.key)];
    for (const { event, code } of node.refusals) lines.push(refusalLine(`${event} → ${code}`));
    linesByPath.set(node.path, lines);
  }
  const labels = model.edges.map((edge) =>
    edge.initial ? null : edgeLabelText(edge, options.eventLabel),
  );

  const layout = await cachedLayout(JSON.stringify([model, [...linesByPath], labels]), () =>
    layoutChart(model, {
      block: (path) => blockSize(linesByPath.get(path) ?? []),
      label: (index) => {
        const text = labels[index];
        if (text === null || text === undefined) return null;
        return {
          width: textWidth(text, { size: LABEL_FONT }) + 2 * LABEL_PAD.x,
          height: LABEL_FONT + 4 + 2 * LABEL_PAD.y,
        };
      },
    }),
  );

  const currentLeaves = leavesOf(options.current);
  const taken = options.taken ?? [];
  const visitedLeaves = taken.flatMap((s) => [...leavesOf(s.from), ...leavesOf(s.to)]);
  const isCurrent = (path: string) => currentLeaves.some((leaf) => covers(path, leaf));
  const isVisited = (path: string) => visitedLeaves.some((leaf) => covers(path, leaf));
  const wasTaken = (edge: ChartEdge) => taken.some((step) => edgeTakenBy(edge, step));

  const stateSvg = (node: ChartNode): string => {
    const box = layout.boxes.get(node.path);
    if (!box) return '';
    const lines = linesByPath.get(node.path) ?? [];
    const current = isCurrent(node.path);
    const visited = isVisited(node.path);
    const attrs = `data-state="${escapeXml(node.path)}"${current ? ' data-current="true"' : ''}`;
    const rect = (inset: number, fill: string, stroke: string, width: number, extra = '') =>
      `<rect x="${num(box.x + inset)}" y="${num(box.y + inset)}" width="${num(box.width - 2 * inset)}" height="${num(box.height - 2 * inset)}" rx="${inset > 0 ? 6 : 9}" fill="${fill}" stroke="${stroke}" stroke-width="${width}"${extra}/>`;
    if (node.children.length > 0) {
      const dashed = node.region ? ' stroke-dasharray="6 4"' : '';
      const fill = visited ? '#eff6ff' : node.region ? '#ffffff' : '#f1f5f9';
      const frame = current
        ? rect(0, fill, COLOR.taken, 2.5, dashed)
        : rect(0, fill, '#94a3b8', 1.25, dashed);
      const header = linesSvg(lines, box, box.y + CONTAINER_PAD, 'start', {
        title: COLOR.ink,
        key: COLOR.muted,
        refusal: COLOR.refusal,
      });
      return `<g ${attrs}>${frame}${header}</g>`;
    }
    // A leaf the entity is in is filled strongly; one it passed through is tinted.
    const leafCurrent = currentLeaves.includes(node.path);
    const fill = leafCurrent ? COLOR.taken : visited ? '#dbeafe' : '#ffffff';
    const stroke = leafCurrent || visited ? '#1e3a8a' : COLOR.muted;
    const fills = leafCurrent
      ? { title: '#ffffff', key: '#dbeafe', refusal: '#fecdd3' }
      : { title: COLOR.ink, key: COLOR.muted, refusal: COLOR.refusal };
    const inner = node.kind === 'final' ? rect(3.5, 'none', stroke, 1) : '';
    const width = leafCurrent || visited ? 2 : 1.25;
    const text = linesSvg(lines, box, box.y + LEAF_PAD.y, 'middle', fills);
    return `<g ${attrs}>${rect(0, fill, stroke, width)}${inner}${text}</g>`;
  };

  const edgeSvgs: string[] = [];
  const labelSvgs: string[] = [];
  for (const placed of layout.edges) {
    const edge = model.edges[placed.index];
    if (!edge) continue;
    const bold = wasTaken(edge);
    const color = edge.initial ? COLOR.ink : bold ? COLOR.taken : COLOR.edge;
    const marker = edge.initial ? 'arrow-initial' : bold ? 'arrow-taken' : 'arrow';
    const d = placed.points
      .map((p, i) => `${i === 0 ? 'M' : 'L'}${num(p.x)},${num(p.y)}`)
      .join(' ');
    const attrs = `data-edge="${escapeXml(edgeKey(edge))}"${bold ? ' data-taken="true"' : ''}${edge.initial ? ' data-initial="true"' : ''}`;
    edgeSvgs.push(
      `<g ${attrs}><path d="${d}" fill="none" stroke="${color}" stroke-width="${bold ? 3 : 1.5}" stroke-linejoin="round" marker-end="url(#${marker})"/></g>`,
    );
    const text = labels[placed.index];
    const box = placed.label;
    if (box && text) {
      const baseline = box.y + box.height / 2 + LABEL_FONT * 0.36;
      labelSvgs.push(
        `<g data-label="${escapeXml(edgeKey(edge))}">` +
          `<rect x="${num(box.x)}" y="${num(box.y)}" width="${num(box.width)}" height="${num(box.height)}" rx="3" fill="#ffffff" fill-opacity="0.92" stroke="${color}" stroke-opacity="0.35" stroke-width="0.75"/>` +
          `<text x="${num(box.x + box.width / 2)}" y="${num(baseline)}" text-anchor="middle" font-size="${LABEL_FONT}"${bold ? ' font-weight="600"' : ''} fill="${bold ? COLOR.taken : '#334155'}">${escapeXml(text)}</text></g>`,
      );
    }
  }

  const initials = [...layout.initials.values()].map(
    (b) =>
      `<circle cx="${num(b.x + b.width / 2)}" cy="${num(b.y + b.height / 2)}" r="${num(b.width / 2)}" fill="${COLOR.ink}"/>`,
  );

  const frame = layout.boxes.get('');
  const frameSvg = frame
    ? `<rect x="${num(frame.x)}" y="${num(frame.y)}" width="${num(frame.width)}" height="${num(frame.height)}" rx="10" fill="${COLOR.paper}" stroke="#cbd5e1"/>` +
      linesSvg(linesByPath.get('') ?? [], frame, frame.y + CONTAINER_PAD, 'start', {
        title: COLOR.ink,
        key: COLOR.muted,
        refusal: COLOR.refusal,
      })
    : '';

  const width = num(layout.width + 2 * MARGIN);
  const height = num(layout.height + 2 * MARGIN);
  const marker = (id: string, color: string) =>
    `<marker id="${id}" viewBox="0 0 10 10" refX="9" refY="5" markerUnits="userSpaceOnUse" markerWidth="10" markerHeight="10" orient="auto"><path d="M0,0 L10,5 L0,10 z" fill="${color}"/></marker>`;
  // Containers before their children (chartNodes is parents first), edges over states, labels on top.
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" font-family="${SANS}" role="img" aria-label="${escapeXml(title)}">`,
    `<title>${escapeXml(title)}</title>`,
    `<defs>${marker('arrow', COLOR.edge)}${marker('arrow-taken', COLOR.taken)}${marker('arrow-initial', COLOR.ink)}</defs>`,
    `<rect width="100%" height="100%" fill="#ffffff"/>`,
    `<g transform="translate(${MARGIN},${MARGIN})">`,
    frameSvg,
    ...nodes.map(stateSvg),
    ...initials,
    ...edgeSvgs,
    ...labelSvgs,
    '</g>',
    '</svg>',
  ].join('\n');
}
