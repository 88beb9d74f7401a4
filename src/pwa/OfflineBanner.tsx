import { Box } from '@chakra-ui/react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { loadSiteConfig } from '../config/siteConfig';
import { useOnline } from './useOnline';

/** How often to look for the server again while it cannot be reached. */
const RECHECK_MS = 10_000;

/**
 * Shown across the top while the phone has no network: the screens still open (the service
 * worker keeps the shell and the screens visited), but prices, balances and orders need the
 * network and are never shown from a cache, so the customer is told why they do not load.
 */
export function OfflineBanner() {
  const online = useOnline();
  const { t } = useTranslation('ui');
  useEffect(() => {
    if (online) return;
    // The configuration call is small and public; its answer clears the banner.
    const timer = setInterval(() => void loadSiteConfig().catch(() => undefined), RECHECK_MS);
    return () => clearInterval(timer);
  }, [online]);
  if (online) return null;
  return (
    <Box
      role="status"
      aria-live="polite"
      data-testid="offline-banner"
      position="sticky"
      top={0}
      zIndex="banner"
      bg="gray.800"
      color="white"
      px={4}
      py={2}
      fontSize="sm"
      textAlign="center"
    >
      {t('offline.banner')}
    </Box>
  );
}
