import { IconButton } from '@chakra-ui/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notify } from '../components/toaster';
import { StarFilledIcon, StarIcon } from '../market/parts/marketIcons';
import { addToWatchlist, removeFromWatchlist, useWatchlist } from './watchlistStore';

/** The star on the stock screen: on the watchlist (filled, gold) or not. */
export function WatchToggle({ code }: { code: string }) {
  const { t } = useTranslation();
  const { has, items } = useWatchlist();
  const [busy, setBusy] = useState(false);
  const watched = has(code);
  const toggle = async () => {
    setBusy(true);
    const ok = watched ? await removeFromWatchlist([code]) : await addToWatchlist(code);
    setBusy(false);
    if (ok) notify(t(watched ? 'favorite.removed' : 'favorite.added'), 'success');
  };
  return (
    <IconButton
      aria-label={t(watched ? 'favorite.remove' : 'favorite.add')}
      aria-pressed={watched}
      variant="ghost"
      size="md"
      color={watched ? '#f5b400' : 'fg.subtle'}
      disabled={busy || items === null}
      onClick={() => void toggle()}
      data-testid="watch-toggle"
      data-watched={watched ? 'true' : 'false'}
    >
      {watched ? <StarFilledIcon width="6" height="6" /> : <StarIcon width="6" height="6" />}
    </IconButton>
  );
}
