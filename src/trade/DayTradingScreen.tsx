import { Box, Button, Flex, Input, Stack, Text, chakra } from '@chakra-ui/react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import type { TradeProductDto, TradeProductsDto } from '../../contract/schemas/trade';
import type { TradeProductCode } from '../../contract/trade';
import { BackHeader } from '../components/BackHeader';
import { Row } from '../information/DetailRow';
import { formatPrice } from '../market/format';
import { useQuote } from '../market/live';
import { useStockName } from '../market/names';
import { Card } from '../market/parts/Card';
import { RateChip } from '../market/parts/ChangeText';
import { ListState } from '../market/parts/ListState';
import { SimulatedBadge } from '../market/parts/SimulatedBadge';
import { useMarketCall } from '../market/useMarketCall';
import { ChoiceGroup } from './ticket/ChoiceGroup';
import { OrderTicket } from './ticket/OrderTicket';
import { lockWords } from './ticket/ticketRules';

/** The products this screen trades: day trading and bulk day trading. */
export const DAY_PRODUCTS: readonly TradeProductCode[] = ['dayTrading', 'bulkDayTrading'];

/** A stock chosen to trade. */
interface Picked {
  code: string;
  name: string;
}

/**
 * /home/dayTrading — automated trading 4.0 (자동매매 4.0): pick the product (day trading or bulk
 * day trading), read its terms, pick a stock and order it on that product's ticket.
 */
export default function DayTradingScreen() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const products = useMarketCall('tradeProducts', {});
  const listed = (products.data?.products ?? []).filter(
    (p) => DAY_PRODUCTS.includes(p.code) && p.enabled,
  );
  const [code, setCode] = useState<TradeProductCode | null>(null);
  const product = listed.find((p) => p.code === code) ?? listed[0];
  const initial = (params.get('symbol') ?? '').toUpperCase();
  const [stock, setStock] = useState<Picked | null>(
    /^[0-9A-Z]{6}$/.test(initial) ? { code: initial, name: initial } : null,
  );
  // A stock from the address has only its code: its name (in this language) comes with its quote.
  const nameOf = useStockName();
  const quote = useQuote(stock?.code ?? null).data;
  const stockName = quote && stock && quote.code === stock.code ? nameOf(quote) : stock?.name;

  return (
    <Box minH="100dvh" bg="bg.muted" data-testid="day-trading">
      <BackHeader
        title={t('dayTrading.title')}
        fallback="/home/index"
        right={<SimulatedBadge compact />}
      />
      <Stack gap="3" p="3">
        <Card pt="4" pb="4">
          <ListState
            testId="daytrading"
            loading={products.loading}
            failed={products.failed}
            empty={!product}
            emptyText={t('dayTrading.noProducts')}
            onRetry={products.reload}
          >
            {product && products.data ? (
              <Stack px="4" gap="4">
                <ChoiceGroup
                  label={t('dayTrading.product')}
                  value={product.code}
                  onChange={setCode}
                  testIdPrefix="daytrading-product"
                  choices={listed.map((p) => ({
                    value: p.code,
                    label: t(`ticket.product.${p.code}`),
                  }))}
                />
                <Terms product={product} meta={products.data} />
              </Stack>
            ) : null}
          </ListState>
        </Card>
        {product && products.data ? (
          <Card pt="4" pb="4" title={t('dayTrading.stock')}>
            <Box px="4">
              {stock ? (
                <Stack gap="4">
                  <Flex align="center" gap="2" data-testid="daytrading-stock">
                    <Text fontWeight="bold" truncate data-testid="daytrading-stock-name">
                      {stockName}
                    </Text>
                    <Text fontSize="sm" color="fg.subtle">
                      {stock.code}
                    </Text>
                    <Button
                      ms="auto"
                      size="xs"
                      variant="outline"
                      onClick={() => setStock(null)}
                      data-testid="daytrading-change-stock"
                    >
                      {t('dayTrading.change')}
                    </Button>
                  </Flex>
                  <OrderTicket
                    // A new product or stock is a new ticket: its leverages and lots differ.
                    key={`${product.code}:${stock.code}`}
                    product={product}
                    meta={products.data}
                    symbol={stock.code}
                  />
                </Stack>
              ) : (
                <StockPicker onPick={setStock} />
              )}
            </Box>
          </Card>
        ) : null}
      </Stack>
    </Box>
  );
}

/** The product's terms: lot, leverages, minimum opening amount, lock, closing at the session's end. */
function Terms({
  product,
  meta,
}: {
  product: TradeProductDto;
  meta: Pick<TradeProductsDto, 'simulated'>;
}) {
  const { t } = useTranslation();
  const lock = lockWords(product.lock);
  return (
    <Box data-testid="daytrading-terms">
      <Text fontSize="sm" fontWeight="semibold" mb="1">
        {t('dayTrading.terms.title')}
      </Text>
      <Row label={t('dayTrading.terms.lotSize')} testId="daytrading-lot">
        {t('ticket.sharesCount', { shares: formatPrice(product.lotSize) })}
      </Row>
      <Row label={t('dayTrading.terms.leverages')} testId="daytrading-leverages">
        {product.leverages.map((n) => t('ticket.leverageOption', { n })).join(' · ')}
      </Row>
      <Row label={t('dayTrading.terms.minOpen')} testId="daytrading-min-open">
        {t('ticket.won', { amount: formatPrice(product.minOpenAmount) })}
      </Row>
      <Row label={t('dayTrading.terms.lock')} testId="daytrading-lock">
        {t(lock.key, lock.params)}
      </Row>
      <Stack gap="1" mt="2">
        {product.closesAtSessionEnd ? (
          <Text fontSize="xs" color="fg.muted" data-testid="daytrading-session-end">
            {t('dayTrading.terms.sessionEnd')}
          </Text>
        ) : null}
        {meta.simulated ? (
          <Text fontSize="xs" color="fg.muted">
            {t('dayTrading.terms.noMarketImpact')}
          </Text>
        ) : null}
      </Stack>
    </Box>
  );
}

/** Waits for the typing to pause before asking the server. */
function useDebounced(value: string, ms: number): string {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}

/** The market search (the search screen's call) for the stock to trade. */
function StockPicker({ onPick }: { onPick: (stock: Picked) => void }) {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const keyword = useDebounced(text.trim(), 250);
  const search = useMarketCall('search', keyword ? { keyword, limit: 20 } : null);
  const results = keyword ? (search.data?.results ?? []) : [];
  const nameOf = useStockName();
  return (
    <Stack gap="2">
      <Input
        size="lg"
        value={text}
        onChange={(e) => setText(e.target.value)}
        placeholder={t('dayTrading.searchPlaceholder')}
        aria-label={t('dayTrading.searchPlaceholder')}
        enterKeyHint="search"
        data-testid="daytrading-search"
      />
      {keyword ? (
        <ListState
          testId="daytrading-search"
          loading={search.loading}
          failed={search.failed}
          empty={results.length === 0}
          emptyText={t('dayTrading.noResults')}
          onRetry={search.reload}
          rows={3}
        >
          <Box data-testid="daytrading-results">
            {results.map((r) => (
              <chakra.button
                key={r.code}
                type="button"
                display="flex"
                alignItems="center"
                gap="3"
                w="full"
                py="3"
                textAlign="start"
                borderTopWidth="1px"
                borderColor="border.muted"
                onClick={() => onPick({ code: r.code, name: nameOf(r) })}
                data-testid={`daytrading-result-${r.code}`}
              >
                <Box flex="1" minW="0">
                  <Text fontWeight="semibold" overflowWrap="anywhere">
                    {nameOf(r)}
                  </Text>
                  <Text fontSize="xs" color="fg.subtle">
                    {r.code} · {r.market}
                  </Text>
                </Box>
                <Text fontWeight="semibold" fontVariantNumeric="tabular-nums">
                  {formatPrice(r.price)}
                </Text>
                <RateChip rate={r.changeRate} />
              </chakra.button>
            ))}
          </Box>
        </ListState>
      ) : (
        <Text fontSize="sm" color="fg.muted" data-testid="daytrading-pick-hint">
          {t('dayTrading.pickStock')}
        </Text>
      )}
    </Stack>
  );
}
