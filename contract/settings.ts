import { number } from 'yup';
import type { InferType, NumberSchema } from 'yup';
import type { ErrorCode } from './errors';

/**
 * Settings staff change at run time (the `settings` table), each with its code default and the
 * schema a new value must pass. Money settings will join this list.
 */
const code = (c: ErrorCode) => c;

const wholeNumber = (min: number, max: number) =>
  number()
    .typeError(code('request.wrong_type'))
    .required(code('request.required'))
    .integer(code('request.invalid'))
    .min(min, code('request.invalid'))
    .max(max, code('request.invalid'));

export interface SettingDefinition<T extends number> {
  default: T;
  schema: NumberSchema<T>;
  /** What the back office's input shows after the number. */
  unit: 'hours';
}

export const SETTINGS = {
  /** How long a KYC submission may wait for a reviewer before it is flagged overdue. */
  'kyc.reviewHours': {
    default: 24,
    schema: wholeNumber(1, 24 * 30),
    unit: 'hours',
  },
} as const satisfies Record<string, SettingDefinition<number>>;

export type SettingKey = keyof typeof SETTINGS;
export type SettingValue<K extends SettingKey> = InferType<(typeof SETTINGS)[K]['schema']>;
export const SETTING_KEYS = Object.keys(SETTINGS) as SettingKey[];

export function isSettingKey(value: unknown): value is SettingKey {
  return typeof value === 'string' && Object.hasOwn(SETTINGS, value);
}
