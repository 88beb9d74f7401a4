import { useSyncExternalStore } from 'react';
import { isConnected, subscribeConnectivity } from './connectivity';

/** Whether the app can reach its server now (src/pwa/connectivity.ts). */
export function useOnline(): boolean {
  return useSyncExternalStore(subscribeConnectivity, isConnected, () => true);
}
