import type { Locale } from '../../contract/languages';

export interface LanguagePack {
  ui: Record<string, unknown>;
}

export interface ErrorPack {
  errors: Record<string, string>;
  fields: Record<string, string>;
}

/** Dynamic imports so only the active language is downloaded; the others load when chosen. */
export const PACK_LOADERS: Record<Locale, () => Promise<{ default: LanguagePack }>> = {
  ko: () => import('./packs/ko'),
  en: () => import('./packs/en'),
  'zh-TW': () => import('./packs/zh-TW'),
  'zh-CN': () => import('./packs/zh-CN'),
};

/**
 * Error texts come apart from the screens' texts: the start screen shows no error, and leaving
 * them out keeps its JS within budget. Modules that show errors await loadErrorTexts() first.
 */
export const ERROR_PACK_LOADERS: Record<Locale, () => Promise<{ default: ErrorPack }>> = {
  ko: () => import('./packs/ko-errors'),
  en: () => import('./packs/en-errors'),
  'zh-TW': () => import('./packs/zh-TW-errors'),
  'zh-CN': () => import('./packs/zh-CN-errors'),
};
