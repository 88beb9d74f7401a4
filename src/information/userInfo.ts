import { useCallback, useEffect, useState } from 'react';
import type { UserInfoDto } from '../../contract/schemas/user';
import { call } from '../api/calls';
import { sessionStore } from '../session';

let cached: UserInfoDto | null = null;

/** The last /user/info answer, if it belongs to the account signed in now. */
function cachedInfo(): UserInfoDto | null {
  return cached && cached.account === sessionStore.get().account ? cached : null;
}

export async function fetchUserInfo(): Promise<UserInfoDto> {
  cached = await call('info', {});
  return cached;
}

export interface UserInfoState {
  info: UserInfoDto | null;
  loading: boolean;
  failed: boolean;
  reload: () => void;
}

/**
 * The signed-in customer. Shows the copy loaded by /login/loginAfter at once and refreshes it,
 * so "Mine" never flashes empty right after login.
 */
export function useUserInfo(): UserInfoState {
  const [info, setInfo] = useState<UserInfoDto | null>(cachedInfo);
  const [loading, setLoading] = useState(true);
  const [failed, setFailed] = useState(false);

  // State is only set when the answer arrives, so the mount effect does not render twice.
  const load = useCallback(() => {
    fetchUserInfo().then(
      (next) => {
        setInfo(next);
        setLoading(false);
      },
      () => {
        setFailed(true);
        setLoading(false);
      },
    );
  }, []);

  const reload = useCallback(() => {
    setLoading(true);
    setFailed(false);
    load();
  }, [load]);

  useEffect(load, [load]);
  return { info, loading, failed, reload };
}
