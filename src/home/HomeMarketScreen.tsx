import { Box, Stack } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { BackHeader } from '../components/BackHeader';
import { Card } from '../market/parts/Card';
import { IndexCards } from '../market/parts/IndexCards';
import { SimulatedBadge } from '../market/parts/SimulatedBadge';
import { RankingBoard } from '../market/panels/RankingBoard';
import { HotMovers } from './HotMovers';

/** /home/market — the home page's "stock price" view: indices, hot stocks and the rankings. */
export default function HomeMarketScreen() {
  const { t } = useTranslation();
  return (
    <Box minH="100dvh" bg="bg.muted">
      <BackHeader
        title={t('home.marketTitle')}
        fallback="/home/index"
        right={<SimulatedBadge compact />}
      />
      <Stack gap="3" p="3">
        <Card>
          <IndexCards />
        </Card>
        <HotMovers limit={10} />
        <RankingBoard initialKind="volume" />
      </Stack>
    </Box>
  );
}
