import { readFileSync, readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * ARCHITECTURE rule 1: a lifecycle's state column changes only through server/lifecycle. Scans
 * every server source file outside it for an update that sets a state, status, machine context
 * or lock version column, in drizzle (`.set({ kycState: … })`) or in SQL (`set kyc_state = …`).
 */
const SERVER = fileURLToPath(new URL('../../server', import.meta.url));
const STATE_KEY = /\b(\w*State|\w*Status|status|state|kycContext|kycVersion)\s*:/;
const STATE_SQL = /\bset\s+"?(\w*_state|\w*_status|status|state|kyc_context|kyc_version)"?\s*=/i;

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

describe('state columns', () => {
  it('are written only by server/lifecycle', () => {
    const offenders: string[] = [];
    for (const file of sourceFiles(SERVER)) {
      const path = relative(SERVER, file);
      if (path.startsWith('lifecycle')) continue;
      const source = readFileSync(file, 'utf8');
      for (const argument of setArguments(source)) {
        if (STATE_KEY.test(argument))
          offenders.push(`${path}: .set(${argument.trim().slice(0, 80)})`);
      }
      if (STATE_SQL.test(source)) offenders.push(`${path}: SQL update of a state column`);
    }
    expect(offenders).toEqual([]);
  });

  it('the scan finds such a write when there is one', () => {
    expect(
      setArguments("db.update(customers).set({ kycState: 'passed' })").some((a) =>
        STATE_KEY.test(a),
      ),
    ).toBe(true);
    expect(STATE_SQL.test('update customers set kyc_state = $1')).toBe(true);
  });
});
