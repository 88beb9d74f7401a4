import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { DEFAULT_LOCALE, localeOf } from '../../contract/languages';
import { particleFormat } from '../../contract/korean-particles';
import type { Locale, StoredLanguage } from '../../contract/languages';
import { PACK_LOADERS, SCREENS_PACK_LOADERS } from './packLoaders';

export const NAMESPACES = ['ui', 'errors', 'fields', 'lifecycles'] as const;

/** The one i18next instance of the app; react-i18next's hooks read it. */
export const i18n = i18next.createInstance();

let started: Promise<void> | null = null;
/** Set once a screen past the start has loaded; from then on every language gets all its texts. */
let screenTextsWanted = false;

async function ensureScreensPack(locale: Locale): Promise<void> {
  if (i18n.hasResourceBundle(locale, 'errors')) return;
  const pack = (await SCREENS_PACK_LOADERS[locale]()).default;
  i18n.addResourceBundle(locale, 'ui', pack.ui, true, true);
  i18n.addResourceBundle(locale, 'errors', pack.errors, true, true);
  i18n.addResourceBundle(locale, 'fields', pack.fields, true, true);
  i18n.addResourceBundle(locale, 'lifecycles', pack.lifecycles, true, true);
}

async function ensurePack(locale: Locale): Promise<void> {
  const screens = screenTextsWanted ? ensureScreensPack(locale) : Promise.resolve();
  if (!i18n.hasResourceBundle(locale, 'ui')) {
    const pack = (await PACK_LOADERS[locale]()).default;
    i18n.addResourceBundle(locale, 'ui', pack.ui, true, true);
  }
  await screens;
}

/**
 * Loads every screen's texts, the error texts, the field labels and the lifecycle words of the
 * current language (and, from then on, of any language switched to). Awaited beside every screen
 * but the start screens, and by the API client before it can show a refusal.
 */
export async function loadScreenTexts(): Promise<void> {
  screenTextsWanted = true;
  // Before start-up there is nothing to add them to: startI18n loads them with the language.
  if (started === null) return;
  await started;
  await ensureScreensPack(currentLocale());
}

function applyHtmlLang(locale: string): void {
  if (typeof document !== 'undefined') document.documentElement.lang = locale;
}

/** Starts i18next on the stored language, loading only that language's pack. */
export function startI18n(language: StoredLanguage): Promise<void> {
  started ??= (async () => {
    const locale = localeOf(language);
    i18n.off('languageChanged', applyHtmlLang);
    i18n.on('languageChanged', applyHtmlLang);
    if (i18n.isInitialized)
      return ensurePack(locale)
        .then(() => i18n.changeLanguage(locale))
        .then(() => applyHtmlLang(locale));
    await i18n.use(initReactI18next).init({
      lng: locale,
      // Every pack is complete (a test checks it), so there is no fallback language to fetch.
      fallbackLng: false,
      supportedLngs: [...Object.keys(PACK_LOADERS)],
      ns: [...NAMESPACES],
      defaultNS: 'ui',
      resources: {},
      partialBundledLanguages: true,
      interpolation: { escapeValue: false }, // React escapes already.
      returnNull: false,
    });
    // `{{field, particle(을/를)}}`: the Korean particle that follows the value's last syllable.
    i18n.services.formatter?.add('particle', particleFormat);
    await ensurePack(locale);
    // Again now that the language has texts: i18next resolves `resolvedLanguage` only to a
    // language it holds texts for, and at init it held none, so it stayed unset.
    await i18n.changeLanguage(locale);
    applyHtmlLang(locale);
  })().catch((error: unknown) => {
    started = null; // let the start-up retry try again
    throw error;
  });
  return started;
}

/** Switches the interface language, fetching its pack first so no screen shows raw keys. */
export async function switchLocale(language: StoredLanguage): Promise<void> {
  const locale = localeOf(language);
  await ensurePack(locale);
  await i18n.changeLanguage(locale);
}

export function currentLocale(): Locale {
  const lng = i18n.language;
  return (Object.keys(PACK_LOADERS) as Locale[]).find((l) => l === lng) ?? DEFAULT_LOCALE;
}
