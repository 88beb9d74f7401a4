import { DEFAULT_ERROR_PARAMS, isErrorCode } from '../../contract/errors';
import type { ErrorParams } from '../../contract/errors';
import { i18n } from './i18n';

const HAN = /\p{Script=Han}/u;

/**
 * The text a customer sees for a refusal. A known code is translated locally (so the message
 * follows the interface language even if the server answered in another). An unknown one falls
 * back as the spec says: a message that is missing or contains Chinese characters (an untranslated
 * server text) shows the word for "error"; anything else is shown as sent.
 */
export function translateRefusal(code: unknown, params: ErrorParams = {}, msg?: string): string {
  if (isErrorCode(code)) {
    const field = params.field;
    const label =
      field === undefined ? undefined : i18n.t(`fields:${field}`, { defaultValue: String(field) });
    return i18n.t(`errors:${code}`, {
      ...DEFAULT_ERROR_PARAMS[code],
      ...params,
      ...(label === undefined ? {} : { field: label }),
    });
  }
  if (msg === undefined || msg.trim() === '' || HAN.test(msg)) return i18n.t('ui:common.error');
  return msg;
}

/** A form error: the yup message is an error code, the field is the input it belongs to. */
export function translateFieldError(code: string, field: string): string {
  return translateRefusal(code, { field });
}
