/** Timings and limits both sides agree on (product spec, section 9). */
export const REQUEST_TIMEOUT_MS = 10_000;
export const TOAST_MS = 2_000;
export const UNAUTHORIZED_REDIRECT_MS = 2_000;
export const LOGOUT_REDIRECT_MS = 1_000;
export const CHUNK_LOAD_TIMEOUT_MS = 120_000;
export const BACK_QUIT_WINDOW_MS = 1_000;
export const STEPPER_LONG_PRESS_MS = 600;
export const STEPPER_REPEAT_MS = 200;
export const MAX_LAYOUT_WIDTH_PX = 750;

export const API_BASE = '/api/vue';

export const ACCOUNT_MIN_LENGTH = 4;
export const ACCOUNT_MAX_LENGTH = 32;
export const PASSWORD_MIN_LENGTH = 8;
/** argon2 hashes any length, but an unbounded input is a cheap way to burn server CPU. */
export const PASSWORD_MAX_LENGTH = 128;
export const INSTITUTION_CODE_MAX_LENGTH = 32;

/** Local-storage keys, named as the spec names them. */
export const STORAGE_TOKEN_KEY = 'tokend';
export const STORAGE_ACCOUNT_KEY = 'account';
export const STORAGE_LANGUAGE_KEY = 'lang';

/** Request headers that carry the session. */
export const TOKEN_HEADER = 'token';
export const ACCOUNT_HEADER = 'account';
export const LANGUAGE_HEADER = 'lang';
/** Optional on idempotent calls: a repeat with the same key and body replays the first answer. */
export const IDEMPOTENCY_KEY_HEADER = 'idempotency-key';
/** An idempotency key is 1 to 128 printable ASCII characters. */
export const IDEMPOTENCY_KEY_PATTERN = /^[\x20-\x7e]{1,128}$/;
