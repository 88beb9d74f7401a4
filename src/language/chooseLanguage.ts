import type { StoredLanguage } from '../../contract/languages';
import { loadSiteConfig } from '../config/siteConfig';
import { switchLocale } from '../i18n/i18n';
import { sessionStore } from '../session';

/**
 * Applies a language at once and remembers it. The site configuration (policy texts, title) is
 * served in the request language, so it is fetched again; if that fails the old texts stay.
 */
export async function chooseLanguage(language: StoredLanguage): Promise<void> {
  await switchLocale(language);
  sessionStore.setLanguage(language);
  await loadSiteConfig().catch(() => undefined);
}
