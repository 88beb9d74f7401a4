import { array, object, string } from 'yup';
import { text } from './fields';
import type { InferType } from 'yup';

export const configRequest = object({
  type: text().required('request.required').oneOf(['all'], 'request.invalid'),
}).noUnknown(true, 'request.unknown_field');
export type ConfigRequest = InferType<typeof configRequest>;

/** Names the site configuration always carries, in the request's language. */
export const CONFIG_NAMES = [
  'title',
  'logo',
  'kefu_url_1',
  'kefu_url_2',
  'privacy_policy',
  'user_agreement',
  'about_us',
] as const;
export type ConfigName = (typeof CONFIG_NAMES)[number];

export const configItem = object({ name: string().required(), value: string().defined() });
export const configResponse = array(configItem).required();
export type ConfigItem = InferType<typeof configItem>;
