import { readFileSync, readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { LIFECYCLE_REGISTRY } from '../../server/lifecycle';

/**
 * ARCHITECTURE rule 1: a lifecycle's state changes only through the engine (server/lifecycle).
 * Scans every server source file outside it for an update that could set a lifecycle's state,
 * context or version column: in drizzle (`.set({ kycState: … })`, or a computed key
 * `.set({ [k]: v })`, which could be any column) or in SQL (`set kyc_state = …`). The columns come
 * from the lifecycle registry, so a new lifecycle is covered by being registered.
 */
const SERVER = fileURLToPath(new URL('../../server', import.meta.url));

const storages = Object.values(LIFECYCLE_REGISTRY).map((l) => l.storage.columns);
const PROPERTIES = storages.flatMap((c) => [c.state, c.context, c.version].map((p) => p.property));
const SQL_COLUMNS = storages.flatMap((c) => [c.state, c.context, c.version].map((p) => p.sql));
const alternatives = (names: string[]) => names.map((n) => n.replace(/\W/g, '')).join('|');

// Any *State / *Status / state / status key, as before the registry, plus every registered column.
const STATE_KEY = new RegExp(
  `(?:^|[\\s{,])(\\w*State|\\w*Status|status|state|${alternatives(PROPERTIES)})\\s*:`,
);
const COMPUTED_KEY = /(?:^|[\s{,])\[[^\]]+\]\s*:/;
const STATE_SQL = new RegExp(
  `\\bset\\s+"?(\\w*_state|\\w*_status|status|state|${alternatives(SQL_COLUMNS)})"?\\s*=`,
  'i',
);

/**
 * Files allowed a computed-key `.set(…)`, each with why it cannot touch a lifecycle column.
 * (None today: keep it that way, or say here why one is safe.)
 */
const COMPUTED_KEY_EXEMPT: Record<string, string> = {};

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [path] : [];
  });
}

/** The text of every `.set(…)` call's argument, balanced by parentheses. */
function setArguments(source: string): string[] {
  const found: string[] = [];
  for (let i = source.indexOf('.set('); i !== -1; i = source.indexOf('.set(', i + 1)) {
    let depth = 0;
    let j = i + 4;
    for (; j < source.length; j++) {
      if (source[j] === '(') depth++;
      if (source[j] === ')' && --depth === 0) break;
    }
    found.push(source.slice(i + 5, j));
  }
  return found;
}

function offendersIn(path: string, source: string): string[] {
  const offenders: string[] = [];
  for (const argument of setArguments(source)) {
    const shown = argument.trim().slice(0, 80);
    if (STATE_KEY.test(argument)) offenders.push(`${path}: .set(${shown})`);
    else if (COMPUTED_KEY.test(argument) && !(path in COMPUTED_KEY_EXEMPT)) {
      offenders.push(`${path}: computed key in .set(${shown})`);
    }
  }
  if (STATE_SQL.test(source)) offenders.push(`${path}: SQL update of a state column`);
  return offenders;
}

describe('lifecycle columns', () => {
  it('are known for every registered lifecycle', () => {
    expect(PROPERTIES).toContain('kycState');
    expect(PROPERTIES).toContain('accountContext');
    expect(SQL_COLUMNS).toContain('account_version');
  });

  it('are written only by server/lifecycle', () => {
    const offenders: string[] = [];
    for (const file of sourceFiles(SERVER)) {
      const path = relative(SERVER, file);
      if (path.startsWith('lifecycle')) continue;
      offenders.push(...offendersIn(path, readFileSync(file, 'utf8')));
    }
    expect(offenders).toEqual([]);
  });

  it('the scan finds such a write when there is one', () => {
    expect(offendersIn('x.ts', "db.update(customers).set({ kycState: 'passed' })")).toHaveLength(1);
    expect(offendersIn('x.ts', 'db.update(customers).set({ accountContext: {} })')).toHaveLength(1);
    expect(offendersIn('x.ts', 'tx.update(customers).set({ [input.state]: input.value })')).toEqual(
      ['x.ts: computed key in .set({ [input.state]: input.value })'],
    );
    expect(offendersIn('x.ts', 'update customers set kyc_state = $1')).toHaveLength(1);
    expect(offendersIn('x.ts', 'update customers set "account_version" = 2')).toHaveLength(1);
    expect(offendersIn('x.ts', "db.update(customers).set({ avatar: 'a.png' })")).toEqual([]);
  });
});
