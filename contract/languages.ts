/**
 * The stored language codes (spec: kor, en, tw; Maru adds cn for the Simplified Chinese pack)
 * and the locale pack each one selects.
 */
export const LANGUAGES = [
  { stored: 'kor', locale: 'ko', nativeName: '한국어' },
  { stored: 'en', locale: 'en', nativeName: 'English' },
  { stored: 'tw', locale: 'zh-TW', nativeName: '繁體中文' },
  { stored: 'cn', locale: 'zh-CN', nativeName: '简体中文' },
] as const;

export type StoredLanguage = (typeof LANGUAGES)[number]['stored'];
export type Locale = (typeof LANGUAGES)[number]['locale'];

export const DEFAULT_STORED_LANGUAGE: StoredLanguage = 'kor';
export const DEFAULT_LOCALE: Locale = 'ko';
export const LOCALES: readonly Locale[] = LANGUAGES.map((l) => l.locale);

/** An unknown stored value resets to Korean, as the spec says. */
export function normaliseStoredLanguage(value: unknown): StoredLanguage {
  const found = LANGUAGES.find((l) => l.stored === value);
  return found ? found.stored : DEFAULT_STORED_LANGUAGE;
}

export function localeOf(stored: StoredLanguage): Locale {
  return LANGUAGES.find((l) => l.stored === stored)?.locale ?? DEFAULT_LOCALE;
}

/** Picks a locale from a stored code or an Accept-Language header; Korean when nothing fits. */
export function localeFromRequest(stored: unknown, acceptLanguage: unknown): Locale {
  if (typeof stored === 'string' && LANGUAGES.some((l) => l.stored === stored)) {
    return localeOf(stored as StoredLanguage);
  }
  if (typeof acceptLanguage === 'string') {
    for (const part of acceptLanguage.split(',')) {
      const tag = part.split(';')[0]?.trim().toLowerCase() ?? '';
      if (tag.startsWith('ko')) return 'ko';
      if (tag.startsWith('en')) return 'en';
      if (tag === 'zh-tw' || tag === 'zh-hk' || tag.startsWith('zh-hant')) return 'zh-TW';
      if (tag.startsWith('zh')) return 'zh-CN';
    }
  }
  return DEFAULT_LOCALE;
}
