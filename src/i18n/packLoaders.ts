import type { Locale } from '../../contract/languages';

export interface LanguagePack {
  ui: Record<string, unknown>;
}

export interface ScreensPack {
  ui: Record<string, unknown>;
  errors: Record<string, string>;
  fields: Record<string, string>;
  /** Words for lifecycle states and events (locales/<lang>/lifecycles.json). */
  lifecycles: { events: Record<string, string>; states: Record<string, string> };
}

/** Dynamic imports so only the active language is downloaded; the others load when chosen. */
export const PACK_LOADERS: Record<Locale, () => Promise<{ default: LanguagePack }>> = {
  ko: () => import('./packs/ko'),
  en: () => import('./packs/en'),
  'zh-TW': () => import('./packs/zh-TW'),
  'zh-CN': () => import('./packs/zh-CN'),
};

/**
 * The texts of every screen past the start, with the error texts, field labels and lifecycle words. The start
 * screens show none of them, and leaving them out keeps the start screen's JS within budget;
 * lazyScreen and the API client await loadScreenTexts() before showing anything that needs them.
 */
export const SCREENS_PACK_LOADERS: Record<Locale, () => Promise<{ default: ScreensPack }>> = {
  ko: () => import('./packs/ko-screens'),
  en: () => import('./packs/en-screens'),
  'zh-TW': () => import('./packs/zh-TW-screens'),
  'zh-CN': () => import('./packs/zh-CN-screens'),
};
