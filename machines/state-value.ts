import type { StateValue, StateValueMap } from 'xstate';

/**
 * How a state value is stored and sent: the active leaf states' dotted paths, joined by `,`.
 * A flat machine's value is just its state (`passed`); a nested one names the path
 * (`under_review.overdue`); a parallel one lists each region's leaf
 * (`frozen.on,disabled.off,…`). Text, so a column can be filtered with `like 'under_review%'`,
 * and reversible, so the machine can resume from it.
 */
export function encodeStateValue(value: StateValue): string {
  return leafPaths(value).join(',');
}

export function decodeStateValue(encoded: string): StateValue {
  const paths = encoded.split(',').map((path) => path.split('.'));
  if (paths.length === 1 && paths[0]?.length === 1) return paths[0][0] ?? '';
  const root: StateValueMap = {};
  for (const segments of paths) insertPath(root, segments);
  return root;
}

/** The active leaf states of a value, as dotted paths, in the machine's order. */
export function leafPaths(value: StateValue, prefix = ''): string[] {
  if (typeof value === 'string') return [prefix + value];
  return Object.entries(value).flatMap(([key, child]) =>
    // An atomic region of a parallel state has the value {}.
    child === undefined || (typeof child === 'object' && Object.keys(child).length === 0)
      ? [prefix + key]
      : leafPaths(child, `${prefix}${key}.`),
  );
}

/**
 * Whether an encoded state is at or inside the state `path` (e.g. `under_review` matches
 * `under_review.overdue`). What screens and queries use instead of comparing strings.
 */
export function isInState(encoded: string, path: string): boolean {
  return leavesOf(encoded).some((leaf) => covers(path, leaf));
}

/** The active leaf paths of an encoded state (none for an empty or missing one). */
export const leavesOf = (encoded: string | null | undefined): string[] =>
  (encoded ?? '').split(',').filter((leaf) => leaf !== '');

/** A path covers a leaf when it is the leaf or one of its ancestors. */
export const covers = (path: string, leaf: string): boolean =>
  leaf === path || leaf.startsWith(`${path}.`);

/** Every state active in an encoded value, ancestors included (`a`, `a.b` for leaf `a.b`). */
export function activeStatePaths(encoded: string): string[] {
  const paths: string[] = [];
  for (const leaf of leavesOf(encoded)) {
    const segments = leaf.split('.');
    for (let depth = 1; depth <= segments.length; depth++) {
      const path = segments.slice(0, depth).join('.');
      if (!paths.includes(path)) paths.push(path);
    }
  }
  return paths;
}

function insertPath(node: StateValueMap, segments: string[]): void {
  const [head, ...rest] = segments;
  if (head === undefined) return;
  if (rest.length === 0) {
    node[head] = {};
    return;
  }
  if (rest.length === 1) {
    const existing = node[head];
    if (
      existing === undefined ||
      (typeof existing === 'object' && Object.keys(existing).length === 0)
    ) {
      node[head] = rest[0] ?? '';
      return;
    }
    // A second leaf under the same parent: the parent is a parallel state.
    const asObject: StateValueMap = typeof existing === 'string' ? { [existing]: {} } : existing;
    asObject[rest[0] ?? ''] = {};
    node[head] = asObject;
    return;
  }
  const existing = node[head];
  const child: StateValueMap =
    typeof existing === 'object'
      ? existing
      : typeof existing === 'string'
        ? { [existing]: {} }
        : {};
  insertPath(child, rest);
  node[head] = child;
}
