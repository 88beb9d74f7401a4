import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { FONT_BODY, customerSystem } from './system';

const system = customerSystem();

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

  it("gives the body the system's UI font, and the quote painted before the app the same one", () => {
    expect(system.token('fonts.body')).toBe(FONT_BODY);
    // The early quote (src/market/earlyQuote.ts) must look like the screen it gives way to; on the
    // test machine every stack ends in the same font, so the browser test would not see a change.
    const early = readFileSync(join(process.cwd(), 'src/market/earlyQuote.css'), 'utf8');
    const families = [...early.matchAll(/font-family:\s*([^;]+);/g)].map((m) => m[1]?.trim());
    expect(families).toEqual([FONT_BODY]);
  });
});

describe('the customer palettes', () => {
  it('has every colour palette the customer screens name', () => {
    // system.ts leaves Chakra's unused palettes out; a palette named here but missing there would
    // draw its badge or button without colours.
    const named = new Set<string>();
    const pattern =
      /(?:colorPalette=["']|['"])(gray|red|orange|yellow|green|teal|blue|cyan|purple|pink)(?:["'.])/g;
    for (const file of customerScreensAndHelpers(join(process.cwd(), 'src'))) {
      for (const match of readFileSync(file, 'utf8').matchAll(pattern)) named.add(match[1] ?? '');
    }
    expect(named.has('red')).toBe(true);
    const tokens = (system._config.theme?.tokens?.colors ?? {}) as Record<string, unknown>;
    const semantic = (system._config.theme?.semanticTokens?.colors ?? {}) as Record<
      string,
      unknown
    >;
    expect([...named].filter((p) => !(p in tokens) || !(p in semantic))).toEqual([]);
    expect(Object.keys(tokens)).not.toContain('pink');
  });
});

/** Every source file under a folder, but the back office, the theme itself and tests. */
function customerScreensAndHelpers(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory())
      return name === 'backoffice' || name === 'theme' ? [] : customerScreensAndHelpers(path);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [path] : [];
  });
}

function hasSlot(key: string): boolean {
  const recipes = (system._config.theme?.slotRecipes ?? {}) as Record<string, unknown>;
  return key in recipes;
}
