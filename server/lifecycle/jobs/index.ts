export { startJobRunner } from './job-runner';
export type { JobRunner, JobRunnerOptions } from './job-runner';
export { DEFAULT_RETRY, JOB_RUNNER_LOCK_KEY, claimDueJob, runDueJobs, runNextJob } from './runner';
export type { JobOutcome, JobRecord, RetryPolicy, RunDueJobsOptions, RunSummary } from './runner';
export { activeStatePaths } from '../../../machines/state-value';
export { enteredStatePaths, scheduleClockEvents, scheduleJob } from './schedule';
export type { JobToSchedule } from './schedule';
export { jobItemOf, listJobs, retryJob } from './staff-actions';
