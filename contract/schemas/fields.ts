import { boolean, object, string } from 'yup';
import type { ObjectShape } from 'yup';
import {
  ACCOUNT_MAX_LENGTH,
  ACCOUNT_MIN_LENGTH,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
} from '../constants';
import { isCommonPassword } from '../common-passwords';
import type { ErrorCode } from '../errors';

/**
 * Field builders shared by the request schemas. A message is always an error code from
 * errors.ts: the client and the server translate it from locales/<lang>/errors.json.
 */
const code = (c: ErrorCode) => c;

/**
 * A NUL character (PostgreSQL text cannot hold it) or half of a UTF-16 surrogate pair (not
 * Unicode at all: JSON can carry it, the database cannot store it). A paired surrogate (an
 * emoji) is fine.
 */
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

export function hasInvalidCharacters(value: string): boolean {
  return value.includes('\u0000') || LONE_SURROGATE.test(value);
}

/**
 * Every string field of every request starts here (or with a builder below): a string, never
 * coerced, and refused with request.invalid_characters when it holds a NUL or a lone surrogate.
 */
export const text = () =>
  string()
    .typeError(code('request.wrong_type'))
    .test(
      'characters',
      code('request.invalid_characters'),
      (value) => value === undefined || value === null || !hasInvalidCharacters(value),
    );

export const requiredText = (max: number) =>
  text().required(code('request.required')).max(max, code('request.too_long'));

/** Text that may be left out; still checked for characters and length. */
export const optionalText = (max: number) => text().max(max, code('request.too_long'));

export const accountName = () =>
  requiredText(ACCOUNT_MAX_LENGTH)
    .min(ACCOUNT_MIN_LENGTH, code('account.invalid_name'))
    .matches(/^[A-Za-z0-9_.@+-]+$/, code('account.invalid_name'));

export const newPassword = () =>
  requiredText(PASSWORD_MAX_LENGTH)
    .min(PASSWORD_MIN_LENGTH, code('account.password_too_short'))
    .test('not-common', code('account.password_common'), (value) => !isCommonPassword(value ?? ''));

export const existingPassword = () => requiredText(PASSWORD_MAX_LENGTH);

export const mustAgree = () =>
  boolean()
    .typeError(code('request.wrong_type'))
    .required(code('account.agreement_required'))
    .oneOf([true], code('account.agreement_required'));

/**
 * A request body: the listed fields and no others (an unknown field is refused, not ignored). Its
 * own type error is a code: yup's default message prints the value, which overflows the stack
 * for a deeply nested one (an object field sent 3,000 nested arrays).
 */
export const strictObject = <T extends ObjectShape>(shape: T) =>
  object(shape)
    .noUnknown(true, code('request.unknown_field'))
    .typeError(code('request.wrong_type'));
