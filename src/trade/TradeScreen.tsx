import { Box, Heading, Stack } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { ORDER_TABS } from '../../contract/trade';
import type { OrderTab } from '../../contract/trade';
import { PullToRefresh } from '../components/PullToRefresh';
import { Segmented } from '../market/parts/Segmented';
import { SimulatedBadge } from '../market/parts/SimulatedBadge';
import { OrderList } from './OrderList';

/** The screen's tabs, in the spec's order: positions held, orders not filled, ended orders. */
export const POSITION_TABS = ORDER_TABS.filter(
  (tab): tab is Exclude<OrderTab, 'all'> => tab !== 'all',
);
type PositionTab = (typeof POSITION_TABS)[number];

const tabOf = (value: string | null): PositionTab =>
  (POSITION_TABS as readonly string[]).includes(value ?? '') ? (value as PositionTab) : 'holding';

/**
 * /trade/index — the customer's positions and orders: holding (live market value and P&L, lock
 * countdowns, close), pending (cancel) and closed, 20 at a time. `?tab=` keeps the tab. Pull down
 * to refresh; the `/account` socket keeps the rows current.
 */
export default function TradeScreen() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const tab = tabOf(params.get('tab'));
  return (
    <Box minH="100dvh" bg="bg.muted" pb="8" data-testid="trade-screen">
      <Box bg="bg" px="4" pt="calc(0.75rem + env(safe-area-inset-top))">
        <Heading as="h1" fontSize="lg" fontWeight="bold" mb="2">
          {t('positions.title')}
        </Heading>
        <SimulatedBadge />
        <Box mt="2">
          <Segmented
            variant="underline"
            fill
            items={POSITION_TABS.map((value) => ({ value, label: t(`positions.tabs.${value}`) }))}
            value={tab}
            onChange={(value) => setParams({ tab: value }, { replace: true })}
            testIdPrefix="positions-tab"
          />
        </Box>
      </Box>
      <PullToRefresh>
        <Stack gap="3" px="4" pt="4">
          {/* Keyed by the tab: another tab starts from an empty list. */}
          <OrderList key={tab} tab={tab} />
        </Stack>
      </PullToRefresh>
    </Box>
  );
}
