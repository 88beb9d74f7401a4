import type { ErrorCode, ErrorParams, Locale } from '../contract';
import koErrors from './ko/errors.json';
import enErrors from './en/errors.json';
import zhTwErrors from './zh-TW/errors.json';
import zhCnErrors from './zh-CN/errors.json';
import koFields from './ko/fields.json';
import enFields from './en/fields.json';
import zhTwFields from './zh-TW/fields.json';
import zhCnFields from './zh-CN/fields.json';

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

/** Fills {{name}} placeholders; a field name is shown by its label in that language. */
export function formatErrorMessage(
  locale: Locale,
  code: ErrorCode,
  params: ErrorParams = {},
): string {
  const template = ERROR_TEXTS[locale][code];
  return template.replace(/\{\{\s*(\w+)\s*\}\}/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) return '';
    if (name === 'field') return FIELD_LABELS[locale][String(value)] ?? String(value);
    return typeof value === 'number' ? value.toLocaleString(locale) : value;
  });
}
