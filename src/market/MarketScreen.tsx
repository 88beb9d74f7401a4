import { Box, Stack } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { PullToRefresh } from '../components/PullToRefresh';
import { IndexCards } from './parts/IndexCards';
import { MarketHeader } from './parts/MarketHeader';
import { Segmented } from './parts/Segmented';
import { ForexBoard } from './panels/ForexBoard';
import { IndicatorsBoard } from './panels/IndicatorsBoard';
import { IndustryBoard } from './panels/IndustryBoard';
import { InvestorTrends } from './panels/InvestorTrends';
import { IssuesBoard } from './panels/IssuesBoard';
import { RankingBoard } from './panels/RankingBoard';
import { ShortSellingList } from './panels/ShortSellingList';

export const MARKET_TABS = [
  'quotes',
  'trading',
  'featured',
  'indicators',
  'issues',
  'forex',
] as const;
export type MarketTab = (typeof MARKET_TABS)[number];

const isTab = (value: string | null): value is MarketTab =>
  (MARKET_TABS as readonly (string | null)[]).includes(value);

/** The panels of one market tab; also the body of the tabs' own routes (marketTeshe…). */
export function MarketTabBody({ tab }: { tab: MarketTab }) {
  switch (tab) {
    case 'quotes':
      return (
        <>
          <Box bg="bg" borderRadius="2xl" py="4">
            <IndexCards />
          </Box>
          <RankingBoard />
        </>
      );
    case 'trading':
      return (
        <>
          <InvestorTrends />
          <ShortSellingList />
        </>
      );
    case 'featured':
      return <IndustryBoard />;
    case 'indicators':
      return <IndicatorsBoard />;
    case 'issues':
      return <IssuesBoard />;
    case 'forex':
      return <ForexBoard />;
  }
}

/** /market/index — quotes, market trading, featured items, indicators, issues and forex. */
export default function MarketScreen() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const requested = params.get('tab');
  const tab: MarketTab = isTab(requested) ? requested : 'quotes';
  return (
    <Box minH="100dvh" bg="bg.muted" data-testid="market-screen">
      <MarketHeader title={t('market.title')}>
        <Box px="4" borderBottomWidth="1px" borderColor="border.muted">
          <Segmented
            variant="underline"
            items={MARKET_TABS.map((value) => ({ value, label: t(`market.tab.${value}`) }))}
            value={tab}
            onChange={(next) => setParams({ tab: next }, { replace: true })}
            testIdPrefix="market-tab"
          />
        </Box>
      </MarketHeader>
      <PullToRefresh>
        <Stack gap="3" p="3">
          <MarketTabBody tab={tab} />
        </Stack>
      </PullToRefresh>
    </Box>
  );
}
