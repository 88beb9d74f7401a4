export { applySequenced } from './sequenced';
export type { SequencedFrame, ResyncReason } from './sequenced';
export { conflateToFrame } from './conflate';
export { backoffDelay, reconnectWithBackoff, DEFAULT_BACKOFF } from './reconnect';
export type { BackoffOptions } from './reconnect';
export { pushOrPoll } from './polling-fallback';
export type { FallbackOptions } from './polling-fallback';
export { sharedByKey } from './shared-by-key';
