import { ChakraProvider, type SystemContext } from '@chakra-ui/react';
import createCache, { type EmotionCache } from '@emotion/cache';
import { css, type SerializedStyles } from '@emotion/react';
import { useInsertionEffect, type ReactNode } from 'react';
import { inTasks } from '../app/nextTask';

/**
 * Chakra's provider with the theme's tokens (~430 custom properties) written as one plain
 * stylesheet. Through Chakra's provider they go to emotion, which serialises, hashes and parses
 * the whole block in JavaScript as the first screen commits (on a slow phone the largest part of
 * that commit, and of the stock detail's blocking time); the browser parses the same text natively.
 * The reset and global styles go through emotion, but outside the commit (`writeGlobalStyles`).
 */
export function ThemeProvider({
  system,
  children,
}: {
  system: SystemContext;
  children: ReactNode;
}) {
  const { lean, tokenCss } = split(system);
  useInsertionEffect(() => {
    writeGlobalStyles(system);
    if (document.head.querySelector(`style[${TOKEN_ATTRIBUTE}]`)) return;
    const style = document.createElement('style');
    style.setAttribute(TOKEN_ATTRIBUTE, '');
    style.textContent = tokenCss;
    document.head.append(style);
  }, [tokenCss]);
  return <ChakraProvider value={lean}>{children}</ChakraProvider>;
}

export const TOKEN_ATTRIBUTE = 'data-maru-tokens';

/** The emotion key of the reset and global styles' stylesheet (`data-emotion="maru-global"`). */
export const GLOBAL_KEY = 'maru-global';

/** The reset (Chakra's preflight) and the global styles, in the order they are written. */
const GLOBAL_PARTS = [
  (system: SystemContext) => system.getPreflightCss(),
  (system: SystemContext) => system.getGlobalCss(),
] as const;
export type GlobalPart = 0 | 1;
/** The parts, reset first: boot writes them a task each, in this order. */
export const GLOBAL_PART_ORDER: readonly GlobalPart[] = [0, 1];

const written = new WeakMap<SystemContext, { cache: EmotionCache; parts: Set<GlobalPart> }>();

/**
 * The theme's reset and global styles (Chakra's preflight and `globalCss`), compiled by emotion as
 * its `Global` would (stylis, with its vendor prefixes) into a stylesheet of their own. Chakra's
 * provider would do it in the first screen's commit, already the start-up's longest task; boot
 * calls this a part per task before the first render, and the provider's insertion effect calls it
 * for all parts, for a render that boot did not start (each part is written once, in order).
 * All of it sits in cascade layers (`reset`, `base`), so where the sheet sits in the head does not
 * change what wins.
 */
export function writeGlobalStyles(system: SystemContext, only?: GlobalPart): void {
  let done = written.get(system);
  if (!done) {
    done = { cache: createCache({ key: GLOBAL_KEY }), parts: new Set() };
    written.set(system, done);
  }
  for (const part of only === undefined
    ? GLOBAL_PART_ORDER
    : GLOBAL_PART_ORDER.slice(0, only + 1)) {
    if (done.parts.has(part)) continue;
    done.parts.add(part);
    done.cache.insert('', globalStyles(system, part), done.cache.sheet, false);
  }
}

const serialized = new WeakMap<SystemContext, Map<GlobalPart, SerializedStyles>>();

/**
 * A part of the reset and global styles, as Chakra hands them to emotion's `Global`, built and
 * serialised (boot does this in a task before the one that compiles and writes it).
 */
export function globalStyles(system: SystemContext, part: GlobalPart): SerializedStyles {
  let parts = serialized.get(system);
  if (!parts) serialized.set(system, (parts = new Map<GlobalPart, SerializedStyles>()));
  let found = parts.get(part);
  if (!found) {
    found = css([GLOBAL_PARTS[part](system)]);
    parts.set(part, found);
  }
  return found;
}

type StyleObject = { [key: string]: string | number | StyleObject };

/**
 * A global Chakra style object as CSS: keys with an object value are at-rules or selectors. At the
 * top level `&` stands for nothing (`&:where(html)` is `:where(html)`), as emotion writes it.
 */
export function cssText(rules: StyleObject): string {
  return Object.entries(rules)
    .map(([key, value]) =>
      typeof value === 'object'
        ? `${key.replaceAll('&', '')}{${cssText(value)}}`
        : // Emotion leaves out blank values (`--chakra-blurs-none: ' '`); so does this.
          String(value).trim() && `${key}:${value};`,
    )
    .join('');
}

const splits = new WeakMap<SystemContext, { lean: SystemContext; tokenCss: string }>();

/**
 * The system as the provider sees it, with no global styles (a view: every other member is the
 * system's own; `writeGlobalStyles` writes the reset and global styles), and the token block as
 * CSS, led by the layer order so the order holds whichever stylesheet the browser reads first. The
 * build makes Chakra's `_global` lazy (build/lazy-chakra-global.ts), so the token block never
 * goes through Chakra's style engine: it is written here straight from the token dictionary.
 */
export function split(system: SystemContext) {
  return splits.get(system) ?? splitWith(system, tokenBlock(system));
}

/**
 * {@link split}, its token block built a part per task (~430 tokens expanded and read: one 35 ms
 * task on a slow host before, profiled), as boot calls it.
 */
export async function splitInTasks(system: SystemContext) {
  if (splits.has(system)) return split(system);
  const block = await inTasks(tokenBlockSteps(system));
  return splits.get(system) ?? splitWith(system, block);
}

function splitWith(system: SystemContext, block: string) {
  const found = {
    lean: Object.create(system, {
      _global: { value: [] },
    }) as SystemContext,
    tokenCss: system.layers.atRule + block,
  };
  splits.set(system, found);
  return found;
}

/** Tokens written between two of {@link tokenBlockSteps}' pauses. */
const TOKENS_PER_STEP = 150;

/**
 * The `@layer tokens` block: the tokens' custom properties under the theme's root selector. Chakra
 * builds the same text through its style engine (serialise, normalise, transform each of ~430
 * declarations: over a third of `createSystem`, profiled); a token with a condition (a dark or a
 * breakpoint value, which Maru's theme has none of) takes Chakra's own path.
 */
export function tokenBlock(system: SystemContext): string {
  const steps = tokenBlockSteps(system);
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
  }
}

/** {@link tokenBlock} as steps, pausing after every {@link TOKENS_PER_STEP} tokens. */
export function* tokenBlockSteps(system: SystemContext): Generator<void, string, void> {
  const byCondition = system.tokens.cssVarMap;
  const base = byCondition.get('base');
  if (!base || byCondition.size > 1) {
    return cssText(system.getTokenCss());
  }
  const root = system._config.cssVarsRoot ?? DEFAULT_ROOT;
  const { tokens } = system;
  let declarations = '';
  let count = 0;
  for (const [name, raw] of base) {
    // What Chakra's engine does to a custom property's value: token references (`{colors.x/10}`)
    // expanded, then a bare token path read as its variable.
    const expanded = typeof raw === 'string' ? tokens.expandReferenceInValue(raw) : raw;
    const value = tokens.getVar(expanded, expanded);
    if (String(value).trim()) declarations += `${name}:${value};`;
    if (++count % TOKENS_PER_STEP === 0) yield;
  }
  return `@layer tokens{${root}{${declarations}}}`;
}

/** Chakra's own default for `cssVarsRoot`. */
const DEFAULT_ROOT = ':where(:root, :host)';
