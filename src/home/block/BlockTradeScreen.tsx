import { Box, Button, Flex, Stack, Text, chakra } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { BackHeader } from '../../components/BackHeader';

import { formatPrice } from '../../market/format';
import { useQuotes } from '../../market/live';
import { Card } from '../../market/parts/Card';
import { ListState } from '../../market/parts/ListState';
import { SimulatedBadge } from '../../market/parts/SimulatedBadge';
import { useMarketCall } from '../../market/useMarketCall';
import { windowText } from './blockLook';
import { DiscountText, Fact, OfferingBadges } from './OfferingFacts';

/**
 * /home/blockTrade — block trades (대량매매): the offerings staff listed, each with its price, the
 * discount against the live price, the minimum shares and its window; tapping one opens the
 * application (/home/blockTrade1). The customer's applications are one tap away.
 */
export default function BlockTradeScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const list = useMarketCall('blockList', {});
  const offerings = list.data?.offerings ?? [];
  const quotes = useQuotes(offerings.map((o) => o.symbol));

  return (
    <Box minH="100dvh" bg="bg.muted" data-testid="block-trade">
      <BackHeader
        title={t('blockTrade.title')}
        fallback="/home/index"
        right={<SimulatedBadge compact />}
      />
      <Stack gap="3" p="3">
        <Text fontSize="sm" color="fg.muted" px="1" data-testid="block-intro">
          {t('blockTrade.intro')}
        </Text>
        <Card
          title={t('blockTrade.offerings')}
          right={
            <Button
              size="xs"
              variant="outline"
              onClick={() => void navigate('/home/blockTrade2')}
              data-testid="block-my-applications"
            >
              {t('blockTrade.myApplications')}
            </Button>
          }
        >
          <ListState
            testId="block-offerings"
            loading={list.loading}
            failed={list.failed}
            empty={offerings.length === 0}
            emptyText={t('blockTrade.empty')}
            onRetry={list.reload}
            rows={3}
          >
            <Stack gap="0" data-testid="block-offerings">
              {offerings.map((o) => {
                const window = windowText(o);
                return (
                  <chakra.button
                    key={o.id}
                    type="button"
                    textAlign="start"
                    px="4"
                    py="3"
                    borderTopWidth="1px"
                    borderColor="border.muted"
                    _first={{ borderTopWidth: 0 }}
                    onClick={() => void navigate(`/home/blockTrade1?id=${o.id}`)}
                    data-testid={`block-offering-${o.id}`}
                    aria-label={`${o.name} ${o.symbol}`}
                  >
                    <Flex align="center" gap="2" mb="1">
                      <Text fontWeight="bold" truncate>
                        {o.name}
                      </Text>
                      <Text fontSize="sm" color="fg.muted">
                        {o.symbol}
                      </Text>
                      <Box ms="auto">
                        <OfferingBadges offering={o} />
                      </Box>
                    </Flex>
                    <Fact label={t('blockTrade.price')} testId={`block-price-${o.id}`}>
                      {t('ticket.won', { amount: formatPrice(o.price) })}
                    </Fact>
                    <DiscountText offering={o} quote={quotes.data?.[o.symbol]?.price} />
                    <Fact label={t('blockTrade.minShares')} testId={`block-min-${o.id}`}>
                      {t('ticket.sharesCount', { shares: formatPrice(o.minShares) })}
                    </Fact>
                    <Fact label={t('blockTrade.window')} testId={`block-window-${o.id}`}>
                      {t('blockTrade.windowText', window)}
                    </Fact>
                  </chakra.button>
                );
              })}
            </Stack>
          </ListState>
        </Card>
      </Stack>
    </Box>
  );
}
