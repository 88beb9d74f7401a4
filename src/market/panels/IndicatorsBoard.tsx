import { Box, Grid, Text, chakra } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { DIRECTION_COLOR, directionOf, formatLevel } from '../format';
import { useIndices, useMarketSession } from '../live';
import { Card } from '../parts/Card';
import { ChangeText } from '../parts/ChangeText';
import { ListState } from '../parts/ListState';

/** Market indicators: each index with its day range, and the session's phase. */
export function IndicatorsBoard() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { data, status } = useIndices();
  const session = useMarketSession().data;
  const indices = data ?? [];
  return (
    <Card title={t('market.indicators')}>
      {session ? (
        <Text px="4" mb="2" fontSize="xs" color="fg.muted" data-testid="session-phase">
          {t(`market.phase.${session.phase}`)} · {session.tradingDate}
          {session.haltedMarkets.length > 0
            ? ` · ${t('market.halted', { markets: session.haltedMarkets.join(', ') })}`
            : ''}
        </Text>
      ) : null}
      <ListState
        testId="indicators"
        loading={status === 'connecting' || status === 'polling'}
        failed={status === 'error' && !data}
        empty={indices.length === 0}
        rows={3}
      >
        <Box data-testid="indicators">
          {indices.map((x) => (
            <chakra.button
              key={x.name}
              type="button"
              display="block"
              w="full"
              textAlign="start"
              px="4"
              py="3"
              onClick={() => void navigate(`/market/stockDetailzs?name=${x.name}`)}
            >
              <Grid templateColumns="1fr auto" alignItems="baseline">
                <Text fontWeight="semibold">{x.name}</Text>
                <Text
                  fontSize="lg"
                  fontWeight="bold"
                  color={DIRECTION_COLOR[directionOf(x.change)]}
                  fontVariantNumeric="tabular-nums"
                >
                  {formatLevel(x.value)}
                </Text>
                <Text fontSize="xs" color="fg.subtle">
                  {t('market.open')} {formatLevel(x.open)} · {t('market.high')}{' '}
                  {formatLevel(x.high)} · {t('market.low')} {formatLevel(x.low)}
                </Text>
                <ChangeText
                  fontSize="xs"
                  textAlign="end"
                  change={x.change}
                  rate={x.changeRate}
                  decimals={2}
                />
              </Grid>
            </chakra.button>
          ))}
        </Box>
      </ListState>
    </Card>
  );
}
