import { array, boolean, mixed, number, object, string } from 'yup';
import type { InferType } from 'yup';
import { JOB_STATUSES } from '../jobs';
import type { JobStatus } from '../jobs';
import { LIFECYCLE_ENTITY_TYPES } from '../lifecycles';
import { FUND_SETTING_KEYS, SETTINGS, SETTING_KEYS, isSettingKey } from '../settings';
import type { SettingKey } from '../settings';
import { strictObject } from './fields';
import { oneOf, pageInfo, paging, positiveId } from './staff';

/** Back-office calls on lifecycle jobs and settings (STAFF_CALLS in staff-calls.ts). */

// Lifecycle jobs

export const jobsListRequest = strictObject({
  status: oneOf(JOB_STATUSES).notRequired(),
  entityType: oneOf(LIFECYCLE_ENTITY_TYPES).notRequired(),
  ...paging,
});
const jobItem = object({
  id: number().integer().required(),
  entityType: string().required(),
  entityId: string().required(),
  /** The event's type; its words come from locales/<lang>/lifecycles.json. */
  event: string().required(),
  /** When the clock rule said the event falls due (part of the job's identity). */
  dueAt: string().required(),
  /** When the runner may next try it: the due time, later after a failed try, now after a retry. */
  runAt: string().required(),
  status: mixed<JobStatus>()
    .oneOf([...JOB_STATUSES])
    .required(),
  /** Pending and due by the server's clock: the runner takes it on its next tick. */
  due: boolean().required(),
  attempts: number().integer().required(),
  /** The refusal code of a skipped job, or the last error of a retried or failed one. */
  lastError: string().nullable().defined(),
  createdAt: string().required(),
  updatedAt: string().required(),
  finishedAt: string().nullable().defined(),
});
export type JobItemDto = InferType<typeof jobItem>;
export const jobsListResponse = object({ items: array(jobItem).required() }).concat(pageInfo);
export const jobsRetryRequest = strictObject({ id: positiveId() });
export const jobsRetryResponse = jobItem;

// Settings

const settingItem = object({
  key: string().required(),
  value: number().required(),
  /** The value when no one has set one. */
  defaultValue: number().required(),
  unit: string().required(),
  /** The staff account that last set it; null while it has its default. */
  updatedBy: string().nullable().defined(),
  updatedAt: string().nullable().defined(),
});
export type SettingItemDto = InferType<typeof settingItem>;
export const settingsGetResponse = object({ items: array(settingItem).required() });
export const settingsSetRequest = strictObject({
  key: oneOf<SettingKey>(SETTING_KEYS),
  /** Checked by the key's own schema (contract/settings.ts). */
  value: mixed().when('key', ([key]: unknown[], schema) =>
    isSettingKey(key) ? SETTINGS[key].schema : schema.required('request.required'),
  ),
});
export const settingsSetResponse = settingItem;
/** `/fundSettings/set`: like `/settings/set`, for the money keys only. */
export const fundSettingsSetRequest = strictObject({
  key: oneOf<SettingKey>(FUND_SETTING_KEYS),
  value: mixed().when('key', ([key]: unknown[], schema) =>
    isSettingKey(key) ? SETTINGS[key].schema : schema.required('request.required'),
  ),
});
