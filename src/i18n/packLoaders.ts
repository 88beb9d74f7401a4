import type { Locale } from '../../contract/languages';

export interface LanguagePack {
  ui: Record<string, unknown>;
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
