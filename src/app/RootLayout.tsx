import { Box } from '@chakra-ui/react';
import { Suspense } from 'react';
import { Outlet } from 'react-router-dom';
import { LoadingOverlay } from '../components/LoadingOverlay';
import { OfflineBanner } from '../pwa/OfflineBanner';
import { ScrollReset } from './ScrollReset';

/** The mobile column: full width on a phone, centred and capped at 750 px on anything wider. */
export function RootLayout() {
  return (
    <Box maxW="layout" mx="auto" minH="100dvh" bg="bg.muted" position="relative" boxShadow="sm">
      <OfflineBanner />
      <ScrollReset />
      <Suspense fallback={<LoadingOverlay />}>
        <Outlet />
      </Suspense>
    </Box>
  );
}
