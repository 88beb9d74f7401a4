import type { ApiEnvelope } from '../../contract/envelope';
import type { ConfigItem } from '../../contract/schemas/common';
import { ApiError } from '../api/ApiError';
import { reportReachable } from '../pwa/connectivity';
import { requestConfig, takeEarlyConfig } from './requestConfig';

/**
 * The one call made before the app mounts. It uses fetch rather than the axios client so that
 * the start screen's JS stays small: axios loads with the first call a screen makes. Public and
 * silent (the start-up retry screen handles failure), so none of the client's toasts or 401
 * handling applies to it.
 */
export async function fetchConfigItems(): Promise<ConfigItem[]> {
  let response: Response;
  try {
    response = await (takeEarlyConfig() ?? requestConfig());
  } catch {
    reportReachable(false);
    throw new ApiError('system.busy', {}, '', null);
  }
  reportReachable(true);
  const envelope = (await response.json().catch(() => null)) as ApiEnvelope<ConfigItem[]> | null;
  if (envelope?.status === 1) return envelope.data;
  throw new ApiError(
    envelope?.code ?? 'system.busy',
    envelope?.params ?? {},
    envelope?.msg ?? '',
    response.status,
  );
}
