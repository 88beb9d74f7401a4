import { readdirSync, readFileSync } from 'node:fs';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { COMPILE_HINT } from '../../build/compile-hints';

/**
 * The client the browser tests drive (built by the project's global setup, as `npm start` builds
 * it) is the production build, whatever NODE_ENV the runner has: vitest sets `test`, which once
 * gave React's development build, 195 KB larger, to the tests and then to `npm start`.
 */
const dist = join(fileURLToPath(new URL('../..', import.meta.url)), 'dist');

type Manifest = Record<string, { file: string; imports?: string[] }>;

/** The chunk files a module's chunk loads with it (its static imports, all the way down). */
function filesOf(manifest: Manifest, key: string, seen = new Set<string>()): Set<string> {
  const chunk = manifest[key];
  if (!chunk || seen.has(key)) return seen;
  seen.add(key);
  for (const imported of chunk.imports ?? []) filesOf(manifest, imported, seen);
  return seen;
}

describe('the built client', () => {
  it('is the production build: no React development code in any chunk', () => {
    const assets = join(dist, 'assets');
    const scripts = readdirSync(assets).filter((name) => name.endsWith('.js'));
    expect(scripts.length).toBeGreaterThan(0);
    const development = scripts.filter((name) =>
      // Only React's development build prints this hint.
      readFileSync(join(assets, name), 'utf8').includes('Download the React DevTools'),
    );
    expect(development).toEqual([]);
  });

  it("loads the stock detail's modules in a handful of files, none of them the start screen's", () => {
    // vite.config.ts groups them: on HTTP/1.1 and slow 4G each file is a round trip on one of
    // six connections before the price can show (there were 28 files besides the entry's).
    const manifest = JSON.parse(
      readFileSync(join(dist, '.vite', 'manifest.json'), 'utf8'),
    ) as Manifest;
    const start = new Set([
      ...filesOf(manifest, 'index.html'),
      ...filesOf(manifest, 'src/login/StartScreen.tsx'),
    ]);
    const stock = [...filesOf(manifest, 'src/market/StockDetailScreen.tsx')].filter(
      (key) => !start.has(key),
    );
    expect(stock.length).toBeLessThanOrEqual(12);
    // The groups stay off the start screen (its 170 KB budget, bench/README.md).
    const startFiles = [...start].map((key) => manifest[key]?.file ?? '');
    expect(
      startFiles.filter((file) => /(screen|market|quote|live|socket)-parts/.test(file)),
    ).toEqual([]);
    // Nor does the back office load the customer app's entry with a group (a group chunk with a
    // lazy import takes its preload helper from the customer entry, which then starts the app).
    const entry = manifest['index.html']?.file;
    const backOffice = [...filesOf(manifest, 'admin.html')].map((key) => manifest[key]?.file);
    expect(entry).toBeTruthy();
    expect(backOffice).not.toContain(entry);
  });

  it("paints the stock detail's quote with the entry's files and its own alone", () => {
    // src/market/earlyQuote.ts runs while React and Chakra are still on their way: a chunk of
    // theirs among its imports would hold the paint until they had arrived and run.
    const manifest = JSON.parse(
      readFileSync(join(dist, '.vite', 'manifest.json'), 'utf8'),
    ) as Manifest;
    const entry = filesOf(manifest, 'index.html');
    const painter = [...filesOf(manifest, 'src/market/earlyQuote.ts')]
      .filter((key) => !entry.has(key))
      .map((key) => manifest[key]?.file ?? key);
    expect(painter.length).toBeGreaterThan(0);
    expect(painter.filter((file) => !/(earlyQuote|quote-parts)-/.test(file))).toEqual([]);
  });

  it('asks V8 to compile the start-up chunks off the main thread, and only those', () => {
    // build/compile-hints.ts: the entry and every chunk index.html preloads, in each encoding the
    // server sends (the hint comes after compression, which is why the copies are checked).
    const html = readFileSync(join(dist, 'index.html'), 'utf8');
    const linked = [
      ...html.matchAll(/<(?:script|link)[^>]+(?:src|href)="\/(assets\/[^"]+\.js)"/g),
    ].map((m) => m[1] ?? '');
    expect(linked.length).toBeGreaterThan(3);
    const heads = (file: string) => {
      const path = join(dist, file);
      return [
        readFileSync(path, 'utf8'),
        brotliDecompressSync(readFileSync(`${path}.br`)).toString('utf8'),
        gunzipSync(readFileSync(`${path}.gz`)).toString('utf8'),
      ].map((code) => code.startsWith(COMPILE_HINT));
    };
    for (const file of linked) expect([file, ...heads(file)]).toEqual([file, true, true, true]);
    // A screen's chunk is not hinted: it runs only some of its functions.
    const manifest = JSON.parse(
      readFileSync(join(dist, '.vite', 'manifest.json'), 'utf8'),
    ) as Manifest;
    const screen = manifest['src/market/StockDetailScreen.tsx']?.file ?? '';
    expect(screen).toMatch(/StockDetailScreen-/);
    expect(heads(screen)).toEqual([false, false, false]);
  });

  it("has Chakra's createSystem in steps, which boot runs a task each (build/staged-chakra-system.ts)", () => {
    const assets = join(dist, 'assets');
    const staged = readdirSync(assets)
      .filter((name) => name.endsWith('.js'))
      .filter((name) => /\.steps\s*=/.test(readFileSync(join(assets, name), 'utf8')));
    // mergeConfigs', createTokenDictionary's and createSystem's, in the start-up's vendor chunk.
    expect(staged).toHaveLength(1);
    const code = readFileSync(join(assets, staged[0] ?? ''), 'utf8');
    expect(code.match(/\.steps\s*=/g)).toHaveLength(3);
  });
});
