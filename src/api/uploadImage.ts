import { loadScreenTexts } from '../i18n/i18n';
import { UPLOAD_TIMEOUT_MS } from './uploadTimeout';

/**
 * Uploads one image as its raw bytes (docs/identity.md, "Upload transport") through the app's
 * axios instance, so headers, refusal toasts and the 401 sign-out behave as for every call, and
 * answers the envelope's data. `onProgress` receives the fraction sent, 0…1. An aborted upload
 * rejects with axios' cancel error and is not toasted.
 */
export async function uploadImage<T>(
  path: string,
  file: Blob,
  options: {
    params?: Record<string, string>;
    onProgress?: (fraction: number) => void;
    signal?: AbortSignal;
  },
): Promise<T> {
  const { onProgress } = options;
  const [{ apiClient }] = await Promise.all([import('./client'), loadScreenTexts()]);
  const response = await apiClient.post<{ data: T }>(path, file, {
    params: options.params,
    headers: { 'Content-Type': 'application/octet-stream' },
    timeout: UPLOAD_TIMEOUT_MS,
    // The body is the image itself: never let axios serialise it as JSON.
    transformRequest: [(data: unknown) => data],
    signal: options.signal,
    onUploadProgress: (event) => {
      const total = event.total ?? file.size;
      if (onProgress && total > 0) onProgress(Math.min(1, event.loaded / total));
    },
  });
  return response.data.data;
}
