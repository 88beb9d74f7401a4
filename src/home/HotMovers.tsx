import { Box } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { useRanking } from '../market/live';
import { useStockName } from '../market/names';
import { Card } from '../market/parts/Card';
import { ListState } from '../market/parts/ListState';
import { StockRow } from '../market/parts/StockRow';

/** Today's most traded stocks (by turnover), live: what everyone is watching. */
export function HotMovers({ limit = 5 }: { limit?: number }) {
  const { t } = useTranslation();
  const { data, status } = useRanking('turnover');
  const entries = (data ?? []).slice(0, limit);
  const nameOf = useStockName();
  return (
    <Card title={t('home.hot')}>
      <ListState
        testId="hot"
        loading={!data && status !== 'error'}
        failed={!data && status === 'error'}
        empty={entries.length === 0}
      >
        <Box data-testid="hot">
          {entries.map((e) => (
            <StockRow
              key={e.code}
              code={e.code}
              name={nameOf(e)}
              price={e.price}
              changeRate={e.changeRate}
              rank={e.rank}
              detail={e.market}
              testId={`hot-${e.code}`}
            />
          ))}
        </Box>
      </ListState>
    </Card>
  );
}
