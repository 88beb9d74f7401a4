/**
 * A durable lifecycle job (server/lifecycle/jobs): `pending` until due and run, then `done` (the
 * event was applied), `skipped` (the machine refused it: the entity had moved on; the refusal
 * code is kept) or `failed` (it kept erroring; staff may retry it).
 */
export const JOB_STATUSES = ['pending', 'done', 'skipped', 'failed'] as const;
export type JobStatus = (typeof JOB_STATUSES)[number];
