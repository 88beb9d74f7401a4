import { Box, Button, Flex, Skeleton, Text } from '@chakra-ui/react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { useRestrictionInstead } from '../account/RestrictionPanel';
import { call } from '../api';
import { LoadError } from '../components/LoadError';
import { useLoaded } from '../information/useLoaded';
import { DIRECTION_COLOR, directionOf, formatChange, formatPrice } from '../market/format';
import { onLiveBalances, onLiveOrder, onLiveReconnect } from '../market/live/account-live';

/**
 * Total assets and today's P&L (`/trade/portfolio`) on Home and Mine, asked again whenever the
 * `/account` socket says money or an order moved, and after a reconnect.
 */
export function PortfolioCard() {
  const { t } = useTranslation();
  const portfolio = useLoaded(() => call('portfolio', {}));
  const { reload, data, failed } = portfolio;
  // A restricted account's screens say why in their banner: no second panel here.
  const restricted = useRestrictionInstead();
  useEffect(() => {
    const stops = [onLiveBalances(reload), onLiveOrder(reload), onLiveReconnect(reload)];
    return () => stops.forEach((stop) => stop());
  }, [reload]);

  if (!data) {
    if (failed && restricted) return null;
    return failed ? (
      <LoadError
        card
        testId="portfolio-error"
        text={t('positions.portfolio.loadFailed')}
        onRetry={reload}
      />
    ) : (
      <Skeleton h="28" borderRadius="xl" data-testid="portfolio-loading" />
    );
  }
  const won = (amount: number) => t('positions.portfolio.won', { amount: formatPrice(amount) });
  // The sign before the amount and its currency: "-12,300원", "-₩12,300".
  const signedWon = (amount: number) =>
    `${amount > 0 ? '+' : amount < 0 ? '-' : ''}${won(Math.abs(amount))}`;
  return (
    <Box
      bg="bg"
      borderRadius="xl"
      px="4"
      py="3"
      boxShadow="0 4px 16px rgba(20, 43, 102, 0.08)"
      data-testid="portfolio"
    >
      <Flex justify="space-between" align="flex-start" gap="3">
        <Box minW="0">
          <Text fontSize="sm" fontWeight="semibold" color="fg.muted">
            {t('positions.portfolio.totalAssets')}
          </Text>
          <Text
            fontSize="2xl"
            fontWeight="bold"
            fontVariantNumeric="tabular-nums"
            data-testid="portfolio-total"
          >
            {won(data.totalAssets)}
          </Text>
        </Box>
        <Box textAlign="end" flexShrink={0}>
          <Text fontSize="sm" color="fg.muted">
            {t('positions.portfolio.todayPnl')}
          </Text>
          <Text
            fontWeight="bold"
            fontVariantNumeric="tabular-nums"
            color={DIRECTION_COLOR[directionOf(data.todayPnl)]}
            data-testid="portfolio-today"
          >
            {signedWon(data.todayPnl)}
          </Text>
        </Box>
      </Flex>
      <Flex
        mt="2"
        pt="2"
        gap="3"
        borderTopWidth="1px"
        borderColor="border.muted"
        fontSize="xs"
        color="fg.muted"
        align="center"
        wrap="wrap"
      >
        <Text data-testid="portfolio-cash">
          {t('positions.portfolio.cash')} {formatPrice(data.cash)}
        </Text>
        <Text data-testid="portfolio-margin">
          {t('positions.portfolio.margin')} {formatPrice(data.margin)}
        </Text>
        <Text data-testid="portfolio-unrealised">
          {t('positions.portfolio.unrealisedPnl')} {formatChange(data.unrealisedPnl)}
        </Text>
        <Button asChild size="xs" variant="ghost" ms="auto">
          <Link to="/trade/index" data-testid="portfolio-open">
            {t('positions.portfolio.holdings', { count: data.holdingCount })}
          </Link>
        </Button>
      </Flex>
    </Box>
  );
}
