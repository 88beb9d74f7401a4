import { ChakraProvider, type SystemContext } from '@chakra-ui/react';
import { useInsertionEffect, type ReactNode } from 'react';

/**
 * Chakra's provider with the theme's tokens (~430 custom properties) written as one plain
 * stylesheet. Through Chakra's provider they go to emotion, which serialises, hashes and parses
 * the whole block in JavaScript as the first screen commits (on a slow phone the largest part of
 * that commit, and of the stock detail's blocking time); the browser parses the same text natively.
 * The reset and global styles, small, still go through emotion.
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
    if (document.head.querySelector(`style[${TOKEN_ATTRIBUTE}]`)) return;
    const style = document.createElement('style');
    style.setAttribute(TOKEN_ATTRIBUTE, '');
    style.textContent = tokenCss;
    document.head.append(style);
  }, [tokenCss]);
  return <ChakraProvider value={lean}>{children}</ChakraProvider>;
}

export const TOKEN_ATTRIBUTE = 'data-maru-tokens';

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
 * The system as the provider sees it, without the token block in its global styles (a view: every
 * other member is the system's own), and the token block as CSS, led by the layer order so the
 * order holds whichever stylesheet the browser reads first.
 */
export function split(system: SystemContext) {
  let found = splits.get(system);
  if (!found) {
    const isTokens = (part: object) => `@layer tokens` in part;
    const global = system._global as StyleObject[];
    found = {
      lean: Object.create(system, {
        _global: { value: global.filter((p) => !isTokens(p)) },
      }) as SystemContext,
      tokenCss: system.layers.atRule + global.filter(isTokens).map(cssText).join(''),
    };
    splits.set(system, found);
  }
  return found;
}
