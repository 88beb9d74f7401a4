import { useSyncExternalStore } from 'react';
import type { ConfigName } from '../../contract/schemas/common';
import { fetchConfigItems } from './fetchConfigItems';

/** Known names (CONFIG_NAMES) and any the server adds later. */
type SiteConfig = Partial<Record<string, string>>;

let config: SiteConfig = {};
const listeners = new Set<() => void>();

function apply(next: SiteConfig): void {
  config = next;
  if (next.title) document.title = next.title;
  if (next.logo) {
    // The logo doubles as the page icon, so the tab and the home-screen shortcut match the brand.
    document.querySelector<HTMLLinkElement>('link[rel="icon"]')?.setAttribute('href', next.logo);
  }
  for (const listener of listeners) listener();
}

/**
 * Loads /common/config. The texts (policies, about us) come in the request language, so this runs
 * again after the language changes. Silent: the caller shows the start-up retry screen instead.
 */
export async function loadSiteConfig(): Promise<void> {
  const items = await fetchConfigItems();
  apply(Object.fromEntries(items.map((item) => [item.name, item.value])));
}

export function siteConfigValue(name: ConfigName): string {
  return config[name] ?? '';
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const snapshot = () => config;

/** One configuration value; screens re-render when the configuration is reloaded. */
export function useSiteConfig(name: ConfigName): string {
  return useSyncExternalStore(subscribe, snapshot, snapshot)[name] ?? '';
}
