import ELK from 'elkjs/lib/elk.bundled.js';
import type { ElkExtendedEdge, ElkNode } from 'elkjs/lib/elk.bundled.js';
import type { ChartEdge, ChartModel, ChartNode } from './chart-model';

export interface Size {
  width: number;
  height: number;
}
export interface Box extends Size {
  x: number;
  y: number;
}
export interface Point {
  x: number;
  y: number;
}

/** The sizes the renderer measured: each state's text block, each edge's label. */
export interface ChartMeasures {
  /** The text of a state (for a container, and the machine at path '', its header). */
  block(path: string): Size;
  /** The label of `model.edges[index]`, or null for an initial transition (drawn unlabelled). */
  label(index: number): Size | null;
}

export interface PlacedEdge {
  index: number;
  /** Start, bend points, end: absolute coordinates. */
  points: Point[];
  label: Box | null;
}

export interface ChartLayout extends Size {
  /** By state path; '' is the machine's frame. */
  boxes: Map<string, Box>;
  /** The dot each initial transition starts from, by the compound's path. */
  initials: Map<string, Box>;
  edges: PlacedEdge[];
}

/** Room around a state's text: a leaf's text is centred, a container's header sits top left. */
export const LEAF_PAD = { x: 12, y: 9 };
export const CONTAINER_PAD = 12;
const LEAF_MIN_WIDTH = 110;
const INITIAL_DOT = 12;

const elk = new ELK();

/** Read per graph, so every container carries them too. */
const GRAPH_OPTIONS = {
  'elk.algorithm': 'layered',
  'elk.direction': 'RIGHT',
  // Edges may cross container borders, so the whole tree is laid out as one graph.
  'elk.hierarchyHandling': 'INCLUDE_CHILDREN',
  // Every coordinate absolute: no per-container offsets to add up when drawing.
  'elk.json.shapeCoords': 'ROOT',
  'elk.json.edgeCoords': 'ROOT',
  'elk.edgeRouting': 'ORTHOGONAL',
  'elk.edgeLabels.placement': 'CENTER',
  'elk.spacing.edgeLabel': '3',
  'elk.spacing.nodeNode': '28',
  'elk.spacing.edgeNode': '18',
  'elk.spacing.edgeEdge': '14',
  'elk.layered.spacing.nodeNodeBetweenLayers': '56',
  'elk.layered.spacing.edgeNodeBetweenLayers': '18',
  'elk.layered.spacing.edgeEdgeBetweenLayers': '12',
  // Depth first from the initial state: a lifecycle reads left to right, returns point back.
  'elk.layered.cycleBreaking.strategy': 'DEPTH_FIRST',
  // Ties keep the written order. (NODES_AND_EDGES and forceNodeModelOrder crash ELK 0.12 on
  // nested graphs; semi-interactive ordering honours `elk.position`, set on parallel regions.)
  'elk.layered.considerModelOrder.strategy': 'NODE_ORDER',
  'elk.layered.crossingMinimization.semiInteractive': 'true',
};

const ROOT_OPTIONS = { ...GRAPH_OPTIONS, 'elk.padding': '[top=0,left=0,bottom=0,right=0]' };

const isUnder = (path: string, ancestor: string) =>
  ancestor === '' || path === ancestor || path.startsWith(`${ancestor}.`);

/** The container an edge belongs in: the lowest state holding both ends (ELK wants it there). */
function containerOf(source: string, target: string): string {
  if (source === target) return source.split('.').slice(0, -1).join('.');
  if (isUnder(target, source)) return source;
  if (isUnder(source, target)) return target;
  const a = source.split('.');
  const b = target.split('.');
  let common = 0;
  while (common < a.length && common < b.length && a[common] === b[common]) common += 1;
  return a.slice(0, common).join('.');
}

/** Lays a chart out with ELK's layered algorithm; all sizes come from the renderer. */
export async function layoutChart(
  model: ChartModel,
  measures: ChartMeasures,
): Promise<ChartLayout> {
  const ids = new Map<string, string>([['', 'machine']]);
  const elkNodes = new Map<string, ElkNode>();

  const containerNode = (path: string, id: string, children: ElkNode[]): ElkNode => {
    const header = measures.block(path);
    const pad = CONTAINER_PAD;
    return {
      id,
      layoutOptions: {
        ...GRAPH_OPTIONS,
        'elk.padding': `[top=${header.height + 2 * pad},left=${pad},bottom=${pad},right=${pad}]`,
        'elk.nodeSize.constraints': 'MINIMUM_SIZE',
        'elk.nodeSize.minimum': `(${header.width + 2 * pad}, ${header.height + 2 * pad})`,
      },
      children,
      edges: [],
    };
  };
  const initialIds = new Map<string, string>();
  const initialDot = (path: string): ElkNode[] => {
    if (!model.edges.some((e) => e.initial && e.source === path)) return [];
    const id = `init${initialIds.size}`;
    initialIds.set(path, id);
    return [{ id, width: INITIAL_DOT, height: INITIAL_DOT }];
  };
  const leafNode = (path: string, id: string): ElkNode => {
    const text = measures.block(path);
    return {
      id,
      width: Math.max(LEAF_MIN_WIDTH, text.width + 2 * LEAF_PAD.x),
      height: text.height + 2 * LEAF_PAD.y,
    };
  };
  const toElk = (node: ChartNode, index: number): ElkNode => {
    const id = `s${ids.size}`;
    ids.set(node.path, id);
    const elkNode =
      node.children.length === 0
        ? leafNode(node.path, id)
        : containerNode(node.path, id, [...initialDot(node.path), ...node.children.map(toElk)]);
    // Regions have no edges between them; their written order is kept (stacked top to bottom).
    if (node.region)
      elkNode.layoutOptions = { ...elkNode.layoutOptions, 'elk.position': `(0, ${index})` };
    elkNodes.set(node.path, elkNode);
    return elkNode;
  };
  const machine = containerNode('', 'machine', [...initialDot(''), ...model.states.map(toElk)]);
  elkNodes.set('', machine);

  model.edges.forEach((edge: ChartEdge, index) => {
    const source = edge.initial ? initialIds.get(edge.source) : ids.get(edge.source);
    const target = ids.get(edge.target);
    if (source === undefined || target === undefined) return;
    const label = measures.label(index);
    const elkEdge: ElkExtendedEdge = {
      id: `e${index}`,
      sources: [source],
      targets: [target],
      // ELK drops a label without text; it never measures it, the size given is what counts.
      ...(label ? { labels: [{ id: `l${index}`, text: `e${index}`, ...label }] } : {}),
    };
    const container = edge.initial ? edge.source : containerOf(edge.source, edge.target);
    elkNodes.get(container)?.edges?.push(elkEdge);
  });

  const laid: ElkNode = await elk.layout({
    id: 'root',
    layoutOptions: ROOT_OPTIONS,
    children: [machine],
  });

  const boxes = new Map<string, Box>();
  const initials = new Map<string, Box>();
  const edges: PlacedEdge[] = [];
  const pathOfId = new Map([...ids].map(([path, id]) => [id, path]));
  const pathOfInitial = new Map([...initialIds].map(([path, id]) => [id, path]));
  const visit = (node: ElkNode) => {
    const box = {
      x: node.x ?? 0,
      y: node.y ?? 0,
      width: node.width ?? 0,
      height: node.height ?? 0,
    };
    const path = pathOfId.get(node.id);
    if (path !== undefined) boxes.set(path, box);
    const initialOf = pathOfInitial.get(node.id);
    if (initialOf !== undefined) initials.set(initialOf, box);
    for (const edge of node.edges ?? []) {
      // One section per edge in practice; further ones continue from where the last ended.
      const points = (edge.sections ?? []).flatMap((section, i) => [
        ...(i === 0 ? [section.startPoint] : []),
        ...(section.bendPoints ?? []),
        section.endPoint,
      ]);
      if (points.length < 2) continue;
      const label = edge.labels?.[0];
      edges.push({
        index: Number(edge.id.slice(1)),
        points,
        label: label
          ? { x: label.x ?? 0, y: label.y ?? 0, width: label.width ?? 0, height: label.height ?? 0 }
          : null,
      });
    }
    node.children?.forEach(visit);
  };
  laid.children?.forEach(visit);
  edges.sort((a, b) => a.index - b.index);
  return { width: laid.width ?? 0, height: laid.height ?? 0, boxes, initials, edges };
}
