import type { ErrorCode, ErrorParams, Locale } from '../contract';
import { fillTemplate } from '../contract/korean-particles';
import koErrors from './ko/errors.json';
import enErrors from './en/errors.json';
import zhTwErrors from './zh-TW/errors.json';
import zhCnErrors from './zh-CN/errors.json';
import koFields from './ko/fields.json';
import enFields from './en/fields.json';
import zhTwFields from './zh-TW/fields.json';
import zhCnFields from './zh-CN/fields.json';
import koLifecycles from './ko/lifecycles.json';
import enLifecycles from './en/lifecycles.json';
import zhTwLifecycles from './zh-TW/lifecycles.json';
import zhCnLifecycles from './zh-CN/lifecycles.json';

/** The error-code catalogue, per locale: the server's `msg` and the client's form errors come from it. */
export const ERROR_TEXTS: Record<Locale, Record<ErrorCode, string>> = {
  ko: koErrors,
  en: enErrors,
  'zh-TW': zhTwErrors,
  'zh-CN': zhCnErrors,
};

/** Labels of request fields, used for the {{field}} parameter of an error text. */
export const FIELD_LABELS: Record<Locale, Record<string, string>> = {
  ko: koFields,
  en: enFields,
  'zh-TW': zhTwFields,
  'zh-CN': zhCnFields,
};

/**
 * Fills {{name}} placeholders (and {{name, particle(을/를)}}: the Korean particle that follows the
 * value); a field name is shown by its label in that language.
 */
export function formatErrorMessage(
  locale: Locale,
  code: ErrorCode,
  params: ErrorParams = {},
): string {
  const template = ERROR_TEXTS[locale][code];
  return fillTemplate(template, (name) => {
    const value = params[name];
    if (value === undefined) return '';
    if (name === 'field') return FIELD_LABELS[locale][String(value)] ?? String(value);
    return typeof value === 'number' ? value.toLocaleString(locale) : value;
  });
}

/** Words for lifecycle events (by event type) and states (by `<entityType>.<statePath>`). */
export interface LifecycleTexts {
  events: Record<string, string>;
  states: Record<string, string>;
}

/** The words state charts show beside event and state ids, per locale. */
export const LIFECYCLE_TEXTS: Record<Locale, LifecycleTexts> = {
  ko: koLifecycles,
  en: enLifecycles,
  'zh-TW': zhTwLifecycles,
  'zh-CN': zhCnLifecycles,
};

/** Words for an event, or undefined when the pack has none (the chart then shows the id alone). */
export function eventWords(locale: Locale, eventType: string): string | undefined {
  return Object.hasOwn(LIFECYCLE_TEXTS[locale].events, eventType)
    ? LIFECYCLE_TEXTS[locale].events[eventType]
    : undefined;
}

/** Words for a state of an entity type, by its dotted path (`under_review.waiting`). */
export function stateWords(
  locale: Locale,
  entityType: string,
  statePath: string,
): string | undefined {
  const key = `${entityType}.${statePath}`;
  return Object.hasOwn(LIFECYCLE_TEXTS[locale].states, key)
    ? LIFECYCLE_TEXTS[locale].states[key]
    : undefined;
}
