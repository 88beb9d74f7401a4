import { Badge, Box, Flex, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { BlockOfferingDto } from '../../../contract/schemas/trade';
import { formatPercent, formatPrice } from '../../market/format';
import { discountOf, windowText } from './blockLook';

/** The offering's labels: open or closed, and demo when it was seeded rather than listed. */
export function OfferingBadges({ offering }: { offering: BlockOfferingDto }) {
  const { t } = useTranslation();
  return (
    <Flex gap="1.5" flexShrink={0}>
      {offering.demo ? (
        <Badge colorPalette="purple" data-testid={`block-demo-${offering.id}`}>
          {t('blockTrade.demo')}
        </Badge>
      ) : null}
      <Badge
        colorPalette={offering.open ? 'green' : 'gray'}
        data-testid={`block-open-${offering.id}`}
        data-value={offering.open}
      >
        {t(offering.open ? 'blockTrade.open' : 'blockTrade.closed')}
      </Badge>
    </Flex>
  );
}

/** The offering price against the live price: "4.21 % below the current price". */
export function DiscountText({
  offering,
  quote,
}: {
  offering: BlockOfferingDto;
  quote: number | null | undefined;
}) {
  const { t } = useTranslation();
  const discount = discountOf(offering.price, quote);
  if (discount === null) {
    return (
      <Text fontSize="xs" color="fg.muted" data-testid={`block-discount-${offering.id}`}>
        {t('blockTrade.noQuote')}
      </Text>
    );
  }
  const key = discount >= 0 ? 'blockTrade.discount' : 'blockTrade.premium';
  return (
    <Text fontSize="xs" color="fg.muted" data-testid={`block-discount-${offering.id}`}>
      {t(key, { pct: formatPercent(Math.abs(discount)), quote: formatPrice(quote) })}
    </Text>
  );
}

/** One figure of an offering: its label and value on a line. */
export function Fact({
  label,
  testId,
  children,
}: {
  label: string;
  testId?: string;
  children: ReactNode;
}) {
  return (
    <Flex justify="space-between" gap="3" py="0.5">
      <Text fontSize="sm" color="fg.muted">
        {label}
      </Text>
      <Text fontSize="sm" fontWeight="medium" textAlign="end" data-testid={testId}>
        {children}
      </Text>
    </Flex>
  );
}

/** A stock's name and code on a line, with its labels (`children`) at the end. */
export function NameLine({
  name,
  symbol,
  nameTestId,
  children,
}: {
  name: string;
  symbol: string;
  nameTestId?: string;
  children: ReactNode;
}) {
  return (
    // The badges go to a line of their own rather than cutting the name short.
    <Flex align="center" columnGap="2" rowGap="1" mb="1" wrap="wrap">
      <Text fontWeight="bold" overflowWrap="anywhere" data-testid={nameTestId}>
        {name}
      </Text>
      <Text fontSize="sm" color="fg.muted">
        {symbol}
      </Text>
      <Box ms="auto">{children}</Box>
    </Flex>
  );
}

/** An offering's terms as the list and the application show them: price, discount, minimum, window. */
export function OfferingTerms({
  offering,
  quote,
}: {
  offering: BlockOfferingDto;
  quote: number | null | undefined;
}) {
  const { t } = useTranslation();
  return (
    <>
      <Fact label={t('blockTrade.price')} testId={`block-price-${offering.id}`}>
        {t('ticket.won', { amount: formatPrice(offering.price) })}
      </Fact>
      <DiscountText offering={offering} quote={quote} />
      <Fact label={t('blockTrade.minShares')} testId={`block-min-${offering.id}`}>
        {t('ticket.sharesCount', { shares: formatPrice(offering.minShares) })}
      </Fact>
      <Fact label={t('blockTrade.window')} testId={`block-window-${offering.id}`}>
        {t('blockTrade.windowText', windowText(offering))}
      </Fact>
    </>
  );
}
