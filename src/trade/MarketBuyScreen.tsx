import { Box, Button, Flex, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useSearchParams } from 'react-router-dom';
import type { OrderSide } from '../../contract/trade';
import { BackHeader } from '../components/BackHeader';
import { formatPrice } from '../market/format';
import { useQuote } from '../market/live';
import { useStockName } from '../market/names';
import { Card } from '../market/parts/Card';
import { SimulatedBadge } from '../market/parts/SimulatedBadge';
import { TradeTicket } from './ticket/TradeTicket';

const SYMBOL = /^[0-9A-Z]{6}$/;

/**
 * /market/marketBuy?symbol=…&side=long|short — the stock detail's order ticket as a page, for the
 * stock named and the side chosen (long unless `short`).
 */
export default function MarketBuyScreen() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const symbol = (params.get('symbol') ?? '').toUpperCase();
  const side: OrderSide = params.get('side') === 'short' ? 'short' : 'long';
  const valid = SYMBOL.test(symbol);
  const quote = useQuote(valid ? symbol : null).data;
  const nameOf = useStockName();
  return (
    <Box minH="100dvh" bg="bg.muted" data-testid="market-buy">
      <BackHeader
        title={t('ticket.title')}
        fallback={valid ? `/market/stockDetail?code=${symbol}` : '/market/index'}
        right={<SimulatedBadge compact />}
      />
      <Stack gap="3" p="3">
        {valid ? (
          <>
            <Card pt="3" pb="3">
              <Flex px="4" align="baseline" gap="2" wrap="wrap">
                <Text fontWeight="bold" data-testid="market-buy-name">
                  {quote ? nameOf(quote) : symbol}
                </Text>
                <Text fontSize="sm" color="fg.subtle">
                  {symbol}
                </Text>
                {quote ? (
                  <Text ms="auto" fontWeight="semibold" fontVariantNumeric="tabular-nums">
                    {formatPrice(quote.price)}
                  </Text>
                ) : null}
              </Flex>
            </Card>
            <Card pt="4" pb="4">
              <Box px="4">
                <TradeTicket productCode="stock" symbol={symbol} side={side} />
              </Box>
            </Card>
          </>
        ) : (
          <Card pt="4" pb="4">
            <Stack px="4" gap="3" data-testid="market-buy-no-symbol">
              <Text fontSize="sm">{t('ticket.noSymbol')}</Text>
              <Button variant="outline" asChild>
                <RouterLink to="/favorite/search">{t('ticket.findStock')}</RouterLink>
              </Button>
            </Stack>
          </Card>
        )}
      </Stack>
    </Box>
  );
}
