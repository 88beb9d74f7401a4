import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { system } from './system';

/** Every `.tsx` file under a folder, but the back office (it has its own, full theme). */
function customerScreens(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return name === 'backoffice' ? [] : customerScreens(path);
    return name.endsWith('.tsx') && !name.endsWith('.test.tsx') ? [path] : [];
  });
}

describe('the customer theme', () => {
  it('has the slot recipe of every multi-part Chakra component the customer screens use', () => {
    // The theme is a lean slice (system.ts): a component without its recipe renders unstyled,
    // as the currency selects once did (a native select with a second, bare chevron below it).
    const src = join(process.cwd(), 'src');
    const used = new Set<string>();
    for (const file of customerScreens(src)) {
      for (const match of readFileSync(file, 'utf8').matchAll(/<([A-Z]\w+)\.Root\b/g)) {
        const name = match[1] ?? '';
        used.add(name.charAt(0).toLowerCase() + name.slice(1));
      }
    }
    expect(used.has('nativeSelect')).toBe(true);
    const missing = [...used].filter((key) => !hasSlot(key));
    expect(missing).toEqual([]);
  });
});

function hasSlot(key: string): boolean {
  const recipes = (system._config.theme?.slotRecipes ?? {}) as Record<string, unknown>;
  return key in recipes;
}
