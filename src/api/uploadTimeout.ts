/**
 * A phone on a slow network needs longer than the JSON calls' 10 s for a 10 MB image. Its own
 * module, so the back office's upload takes it without the customer app's i18n loading.
 */
export const UPLOAD_TIMEOUT_MS = 120_000;
