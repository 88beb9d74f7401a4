import { useSyncExternalStore } from 'react';
import type { ConfigName } from '../../contract/schemas/common';
import { ApiError } from '../api/ApiError';
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
  let next: SiteConfig;
  try {
    const items = await fetchConfigItems();
    next = Object.fromEntries(items.map((item) => [item.name, item.value]));
    remember(next);
  } catch (error) {
    // With no network at all, the installable app still opens (build/pwa.ts) on the configuration
    // it last had: titles, links and policy texts, nothing live. A server that answered with a
    // failure shows the retry screen as before.
    const noNetwork = error instanceof ApiError && error.httpStatus === null;
    const last = noNetwork ? lastKnown() : null;
    if (last === null) throw error;
    next = last;
  }
  apply(next);
}

const STORED = 'maru.siteConfig';

function remember(next: SiteConfig): void {
  try {
    localStorage.setItem(STORED, JSON.stringify(next));
  } catch {
    // Storage full or blocked: the app just needs the network to start next time.
  }
}

function lastKnown(): SiteConfig | null {
  try {
    const stored = localStorage.getItem(STORED);
    const parsed: unknown = stored === null ? null : JSON.parse(stored);
    return parsed !== null && typeof parsed === 'object' ? parsed : null;
  } catch {
    return null;
  }
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
