import { Box, Flex, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { quotedFxRate } from '../../../contract/market';
import { formatLevel } from '../format';
import { useFxRates } from '../live';
import { Card } from '../parts/Card';
import { ChangeText } from '../parts/ChangeText';
import { ListState } from '../parts/ListState';

/**
 * KRW per unit of each currency of the exchange list, live; the yen and the dong per 100, as Korean
 * apps quote them (`FX_QUOTE_UNITS`). The levels are illustrative.
 */
export function ForexBoard() {
  const { t } = useTranslation();
  const { data, status } = useFxRates();
  const rates = (data ?? []).filter((r) => r.currency !== 'KRW');
  return (
    <Card title={t('market.forex')}>
      <ListState
        testId="fx"
        loading={status === 'connecting' || status === 'polling'}
        failed={status === 'error' && !data}
        empty={rates.length === 0}
      >
        <Box data-testid="fx">
          {rates.map((r) => {
            const quoted = quotedFxRate(r);
            return (
              <Flex
                key={r.currency}
                px="4"
                py="3"
                align="center"
                gap="3"
                data-testid={`fx-${r.currency}`}
              >
                <Box flex="1">
                  <Text fontSize="md" fontWeight="semibold">
                    {r.currency}/KRW
                    {quoted.quoteUnit !== 1 ? (
                      <Text
                        as="span"
                        ms="1.5"
                        fontSize="xs"
                        fontWeight="medium"
                        color="fg.muted"
                        data-testid={`fx-unit-${r.currency}`}
                      >
                        {t(`market.fxUnit.${r.currency}`)}
                      </Text>
                    ) : null}
                  </Text>
                  <Text fontSize="xs" color="fg.subtle">
                    {t(`market.currency.${r.currency}`)}
                  </Text>
                </Box>
                <Box textAlign="end">
                  <Text fontSize="md" fontWeight="semibold" fontVariantNumeric="tabular-nums">
                    {formatLevel(quoted.krw)}
                  </Text>
                  <ChangeText
                    fontSize="xs"
                    change={quoted.change}
                    rate={r.changeRate}
                    decimals={2}
                  />
                </Box>
              </Flex>
            );
          })}
          <Text px="4" pt="2" fontSize="2xs" color="fg.subtle">
            {t('market.fxNote')}
          </Text>
        </Box>
      </ListState>
    </Card>
  );
}
