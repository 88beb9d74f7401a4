import { Box, Flex, chakra } from '@chakra-ui/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import type { MarketFilter, RankingKind } from '../../../contract';
import { formatAmount, formatShares } from '../format';
import { useRanking } from '../live';
import { useStockName } from '../names';
import { Card } from '../parts/Card';
import { ListState } from '../parts/ListState';
import { Segmented } from '../parts/Segmented';
import { StockRow } from '../parts/StockRow';

export const BOARD_KINDS = ['gainers', 'losers', 'volume', 'turnover'] as const;
export type BoardKind = (typeof BOARD_KINDS)[number] & RankingKind;

/** The filter chips of a market list: all, KOSPI, KOSDAQ. */
export function useMarketFilterItems() {
  const { t } = useTranslation();
  return [
    { value: 'all' as const, label: t('market.filter.all') },
    { value: 'KOSPI' as const, label: 'KOSPI' },
    { value: 'KOSDAQ' as const, label: 'KOSDAQ' },
  ];
}

/**
 * A live ranking: gainers, losers, volume or turnover, in one market or both. `limit` rows are
 * shown; the full list is /market/optionList.
 */
export function RankingBoard({
  limit = 10,
  initialKind = 'gainers',
  title,
}: {
  limit?: number;
  initialKind?: BoardKind;
  title?: string;
}) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const [kind, setKind] = useState<BoardKind>(initialKind);
  const [market, setMarket] = useState<MarketFilter>('all');
  const { data, status } = useRanking(kind, market === 'all' ? undefined : market);
  const entries = (data ?? []).slice(0, limit);
  const locale = i18n.resolvedLanguage ?? 'ko';
  const nameOf = useStockName();
  const showMore = limit < 30;
  return (
    <Card
      title={title ?? t('market.rankings')}
      right={
        showMore ? (
          <chakra.button
            type="button"
            fontSize="sm"
            color="fg.subtle"
            onClick={() => void navigate(`/market/optionList?kind=${kind}`)}
            data-testid="rankings-more"
          >
            {t('market.more')}
          </chakra.button>
        ) : undefined
      }
    >
      <Box px="4" mb="2">
        <Segmented
          variant="underline"
          items={BOARD_KINDS.map((k) => ({ value: k, label: t(`market.kind.${k}`) }))}
          value={kind}
          onChange={setKind}
          testIdPrefix="ranking-kind"
        />
      </Box>
      <Flex px="4" mb="1">
        <Segmented
          size="xs"
          items={useMarketFilterItems()}
          value={market}
          onChange={setMarket}
          testIdPrefix="ranking-market"
        />
      </Flex>
      <ListState
        testId="rankings"
        loading={status === 'connecting' || status === 'polling'}
        failed={status === 'error' && !data}
        empty={entries.length === 0}
      >
        <Box data-testid="rankings">
          {entries.map((e) => (
            <StockRow
              key={e.code}
              code={e.code}
              name={nameOf(e)}
              price={e.price}
              changeRate={e.changeRate}
              rank={e.rank}
              detail={
                kind === 'turnover'
                  ? `${t('market.turnover')} ${formatAmount(e.turnover, locale)}`
                  : `${t('market.volume')} ${formatShares(e.volume, locale)}`
              }
              testId={`ranking-${e.code}`}
            />
          ))}
        </Box>
      </ListState>
    </Card>
  );
}
