import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { DEFAULT_LOCALE, LANGUAGES } from '../../contract/languages';
import { particleFormat } from '../../contract/korean-particles';
import type { Locale, StoredLanguage } from '../../contract/languages';
import { DEFAULT_ERROR_PARAMS, isErrorCode } from '../../contract/errors';
import type { ErrorParams } from '../../contract/errors';
import ko from '../../locales/ko/backoffice.json';
import en from '../../locales/en/backoffice.json';
import zhTW from '../../locales/zh-TW/backoffice.json';
import zhCN from '../../locales/zh-CN/backoffice.json';
import koErrors from '../../locales/ko/errors.json';
import enErrors from '../../locales/en/errors.json';
import zhTWErrors from '../../locales/zh-TW/errors.json';
import zhCNErrors from '../../locales/zh-CN/errors.json';
import koLifecycles from '../../locales/ko/lifecycles.json';
import enLifecycles from '../../locales/en/lifecycles.json';
import zhTWLifecycles from '../../locales/zh-TW/lifecycles.json';
import zhCNLifecycles from '../../locales/zh-CN/lifecycles.json';

/**
 * The back office's own i18next instance (namespaces `bo`, `errors` and `lifecycles`, the words
 * of lifecycle states and events). It is a desktop tool, so the four packs are simply
 * bundled (a few KB each); the customer app's lazy pack loading is not needed here.
 */
export const boI18n = i18next.createInstance();

const LANGUAGE_KEY = 'maru-staff-lang';

export function storedLocale(): Locale {
  try {
    const value = localStorage.getItem(LANGUAGE_KEY);
    return LANGUAGES.find((l) => l.locale === value)?.locale ?? DEFAULT_LOCALE;
  } catch {
    return DEFAULT_LOCALE;
  }
}

/** The stored language code the server's `lang` header expects for a locale. */
export function storedLanguageOf(locale: string): StoredLanguage {
  return LANGUAGES.find((l) => l.locale === locale)?.stored ?? 'kor';
}

export async function startBackofficeI18n(locale: Locale = storedLocale()): Promise<void> {
  if (boI18n.isInitialized) return;
  boI18n.on('languageChanged', (lng) => {
    document.documentElement.lang = lng;
  });
  await boI18n.use(initReactI18next).init({
    lng: locale,
    fallbackLng: false,
    ns: ['bo', 'errors', 'lifecycles'],
    defaultNS: 'bo',
    resources: {
      ko: { bo: ko, errors: koErrors, lifecycles: koLifecycles },
      en: { bo: en, errors: enErrors, lifecycles: enLifecycles },
      'zh-TW': { bo: zhTW, errors: zhTWErrors, lifecycles: zhTWLifecycles },
      'zh-CN': { bo: zhCN, errors: zhCNErrors, lifecycles: zhCNLifecycles },
    },
    interpolation: { escapeValue: false },
    returnNull: false,
  });
  // `{{field, particle(을/를)}}`: the Korean particle that follows the value's last syllable.
  boI18n.services.formatter?.add('particle', particleFormat);
  document.documentElement.lang = locale;
}

export async function switchBackofficeLocale(locale: Locale): Promise<void> {
  try {
    localStorage.setItem(LANGUAGE_KEY, locale);
  } catch {
    // not remembered, still switched
  }
  await boI18n.changeLanguage(locale);
}

/** A refusal's text: the server's message (already in the header's language), else the code's. */
export function refusalText(code: unknown, params: ErrorParams, msg: unknown): string {
  if (typeof msg === 'string' && msg.trim() !== '') return msg;
  if (isErrorCode(code))
    return boI18n.t(`errors:${code}`, { ...DEFAULT_ERROR_PARAMS[code], ...params });
  return boI18n.t('bo:common.error');
}

/** A form error: the yup message is an error code; `field` is the label it is about. */
export function fieldErrorText(code: string, field: string): string {
  if (isErrorCode(code))
    return boI18n.t(`errors:${code}`, { ...DEFAULT_ERROR_PARAMS[code], field });
  return boI18n.t('bo:common.error');
}
