import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';

/** The `lifecycles` namespace: locales/<lang>/lifecycles.json. */
interface LifecyclePack {
  events?: Record<string, string>;
  states?: Record<string, string>;
}

/** Words for lifecycle states and events in the interface language. */
export interface LifecycleWords {
  /** A state of an entity type by its dotted path (`under_review.waiting`); the path if unnamed. */
  state(entityType: string, path: string): string;
  /** An event by its type (`review.reject`); the type itself if unnamed. */
  event(type: string): string;
}

const lookup = (table: Record<string, string> | undefined, key: string): string | undefined =>
  table && Object.hasOwn(table, key) ? table[key] : undefined;

/** Words from a loaded pack (keys hold dots, so they are read from the table, not through `t`). */
export function wordsFrom(pack: LifecyclePack | undefined): LifecycleWords {
  return {
    state: (entityType, path) => lookup(pack?.states, `${entityType}.${path}`) ?? path,
    event: (type) => lookup(pack?.events, type) ?? type,
  };
}

/**
 * The lifecycle words of whichever i18next instance the component is under (the customer app
 * loads them with the screens' texts, the back office bundles them); follows language changes.
 */
export function useLifecycleWords(): LifecycleWords {
  const { i18n } = useTranslation('lifecycles');
  const language = i18n.language;
  return useMemo(
    () => wordsFrom(i18n.getResourceBundle(language, 'lifecycles') as LifecyclePack | undefined),
    [i18n, language],
  );
}
