import { Box, Stack } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { BackHeader } from '../components/BackHeader';
import { PullToRefresh } from '../components/PullToRefresh';
import type { BoardKind } from './panels/RankingBoard';
import { BOARD_KINDS, RankingBoard } from './panels/RankingBoard';
import { SimulatedBadge } from './parts/SimulatedBadge';

/** /market/optionList?kind=… — a whole ranking (30 rows), live. */
export default function OptionListScreen() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const requested = params.get('kind');
  const kind = (BOARD_KINDS as readonly (string | null)[]).includes(requested)
    ? (requested as BoardKind)
    : 'gainers';
  return (
    <Box minH="100dvh" bg="bg.muted">
      <BackHeader
        title={t('market.rankings')}
        fallback="/market/index"
        right={<SimulatedBadge compact />}
      />
      <PullToRefresh>
        <Stack p="3">
          <RankingBoard limit={30} initialKind={kind} title={t('market.rankingsAll')} />
        </Stack>
      </PullToRefresh>
    </Box>
  );
}
