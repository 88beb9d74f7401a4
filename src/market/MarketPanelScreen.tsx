import { Box, Stack } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { BackHeader } from '../components/BackHeader';
import { PullToRefresh } from '../components/PullToRefresh';
import type { MarketTab } from './MarketScreen';
import { MarketTabBody } from './MarketScreen';
import { SimulatedBadge } from './parts/SimulatedBadge';

/** One market tab as its own screen, for the spec's routes of featured items, indicators, issues. */
export function MarketPanelScreen({ tab }: { tab: MarketTab }) {
  const { t } = useTranslation();
  return (
    <Box minH="100dvh" bg="bg.muted">
      <BackHeader
        title={t(`market.tab.${tab}`)}
        fallback="/market/index"
        right={<SimulatedBadge compact />}
      />
      <PullToRefresh>
        <Stack gap="3" p="3">
          <MarketTabBody tab={tab} />
        </Stack>
      </PullToRefresh>
    </Box>
  );
}
