import { Box, createSystem, defaultBaseConfig, defineConfig } from '@chakra-ui/react';
import { Global } from '@emotion/react';
import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  cssText,
  GLOBAL_KEY,
  globalStyles,
  split,
  splitInTasks,
  ThemeProvider,
  TOKEN_ATTRIBUTE,
  tokenBlock,
  tokenBlockSteps,
  writeGlobalStyles,
} from './ThemeProvider';
import { customerSystem } from './system';

const system = customerSystem();

/** The text of the stylesheets emotion wrote under a key (`data-emotion="<key> …"`). */
const sheetText = (key: string) =>
  [...document.head.querySelectorAll(`style[data-emotion^="${key}"]`)]
    .map((style) => style.textContent)
    .join('');

/** The rules emotion's `Global` inserts for a global style object. */
function emotionRules(styles: object): string {
  const { unmount } = render(<Global styles={styles as Parameters<typeof Global>[0]['styles']} />);
  const text = sheetText('css-global');
  unmount();
  return text;
}

describe('ThemeProvider', () => {
  const tokens = (system._global as object[]).find((part) => '@layer tokens' in part);

  it('writes the token block as emotion would have', () => {
    expect(tokens).toBeDefined();
    const { tokenCss } = split(system);
    // Stylis also drops spaces inside values (`1 / 1` → `1/1`); the declarations are the same.
    const bare = (css: string) => css.replace(/\s+/g, '');
    expect(bare(tokenCss)).toBe(bare(system.layers.atRule + emotionRules(tokens!)));
    // Real content, not an empty block: the brand palette and a reference resolved to a var().
    expect(tokenCss).toMatch(/--chakra-colors-brand-500:#[0-9a-f]{6};/i);
    expect(tokenCss).toContain('--chakra-colors-fg-muted:var(--chakra-colors-gray-600);');
  });

  it("writes the token block from the dictionary exactly as Chakra's style engine does", () => {
    const engine = cssText(system.getTokenCss());
    expect(tokenBlock(system)).toBe(engine);
    expect(engine.length).toBeGreaterThan(10_000);
  });

  it('builds the token block across tasks, the same text as at once', async () => {
    let pauses = 0;
    const steps = tokenBlockSteps(system);
    let step = steps.next();
    for (; !step.done; step = steps.next()) pauses++;
    // ~430 tokens, a pause after every 150.
    expect(pauses).toBeGreaterThanOrEqual(2);
    expect(step.value).toBe(tokenBlock(system));
    const fresh = createSystem(defaultBaseConfig, system._config);
    const built = await splitInTasks(fresh);
    expect(built.tokenCss).toBe(system.layers.atRule + tokenBlock(system));
    // Once built, every caller gets the same split.
    expect(split(fresh)).toBe(built);
    expect(await splitInTasks(fresh)).toBe(built);
  });

  it("takes Chakra's path for a token with a condition", () => {
    const dark = createSystem(
      defaultBaseConfig,
      defineConfig({
        theme: { semanticTokens: { colors: { ink: { value: { base: '#111', _dark: '#eee' } } } } },
      }),
    );
    const block = tokenBlock(dark);
    expect(block).toBe(cssText(dark.getTokenCss()));
    expect(block).toMatch(/\.dark[^{]*\{[^}]*--chakra-colors-ink:#eee;/);
  });

  it('serialises nested rules and leaves out blank values', () => {
    expect(
      cssText({ '@layer x': { '&:where(html)': { '--a': 1, '--b': ' ', '--c': 'red' } } }),
    ).toBe('@layer x{:where(html){--a:1;--c:red;}}');
  });

  it("writes the reset and global styles as Chakra's provider would have, once", () => {
    const parts = (system._global as object[]).filter((p) => p !== tokens);
    expect(parts).toHaveLength(2);
    const chakras = emotionRules(parts);
    expect(chakras).toContain('@layer reset');
    expect(chakras).toContain('@layer base');
    expect(sheetText(GLOBAL_KEY)).toBe('');
    // Boot writes the parts a task each; the provider writes whatever is left; each part once.
    writeGlobalStyles(system, 0);
    expect(sheetText(GLOBAL_KEY)).toContain('@layer reset');
    expect(sheetText(GLOBAL_KEY)).not.toContain('@layer base');
    writeGlobalStyles(system, 0);
    writeGlobalStyles(system);
    writeGlobalStyles(system);
    // The same rules in the same order, vendor prefixes included (stylis compiled both).
    expect(sheetText(GLOBAL_KEY)).toBe(chakras);
    expect(globalStyles(system, 1)).toBe(globalStyles(system, 1));
  });

  it('hands Chakra the system without global styles, and writes the token block once', () => {
    const { lean } = split(system);
    expect(lean._global).toEqual([]);
    expect(lean.css).toBe(system.css);
    const first = render(
      <ThemeProvider system={system}>
        <Box data-testid="box" color="fg.muted" />
      </ThemeProvider>,
    );
    render(
      <ThemeProvider system={system}>
        <Box />
      </ThemeProvider>,
    );
    const written = document.head.querySelectorAll(`style[${TOKEN_ATTRIBUTE}]`);
    expect(written).toHaveLength(1);
    expect(written[0]?.textContent).toBe(split(system).tokenCss);
    // Chakra still styles through the view: the box got its class.
    expect(first.getByTestId('box').className).toMatch(/css-/);
  });
});
