import { Box, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import type { RankingEntry } from '../../../contract';
import { useRanking } from '../live';
import { useStockName } from '../names';
import { Card } from '../parts/Card';
import { ListState } from '../parts/ListState';
import { StockRow } from '../parts/StockRow';

/** A move this large is news on a Korean market screen (the daily limit is ±30 %). */
export const ISSUE_THRESHOLD = 0.05;

/**
 * Market issues: the stocks moving most today, both ways, that have moved at least 5 %, and those
 * at their daily limit. Derived from the live gainers and losers.
 */
export function IssuesBoard() {
  const { t } = useTranslation();
  const gainers = useRanking('gainers');
  const losers = useRanking('losers');
  const movers: RankingEntry[] = [...(gainers.data ?? []), ...(losers.data ?? [])]
    .filter((e) => Math.abs(e.changeRate) >= ISSUE_THRESHOLD)
    .sort((a, b) => Math.abs(b.changeRate) - Math.abs(a.changeRate))
    .slice(0, 20);
  const waiting = !gainers.data || !losers.data;
  const nameOf = useStockName();
  return (
    <Card title={t('market.issues')}>
      <Text px="4" mb="2" fontSize="xs" color="fg.subtle">
        {t('market.issuesNote', { pct: ISSUE_THRESHOLD * 100 })}
      </Text>
      <ListState
        testId="issues"
        loading={waiting && gainers.status !== 'error'}
        failed={gainers.status === 'error' && !gainers.data}
        empty={movers.length === 0}
        emptyText={t('market.noIssues')}
      >
        <Box data-testid="issues">
          {movers.map((e) => (
            <StockRow
              key={e.code}
              code={e.code}
              name={nameOf(e)}
              price={e.price}
              changeRate={e.changeRate}
              detail={e.market}
              testId={`issue-${e.code}`}
            />
          ))}
        </Box>
      </ListState>
    </Card>
  );
}
