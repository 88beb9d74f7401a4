import { Flex, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import type { TradeProductDto, TradeProductsDto } from '../../../contract/schemas/trade';
import { useMarketSession } from '../../market/live';
import { lockWords } from './ticketRules';

/** A small rounded label. */
function Pill({
  text,
  tone,
  testId,
}: {
  text: string;
  tone: 'green' | 'gray' | 'orange';
  testId: string;
}) {
  const colors = {
    green: { bg: 'green.50', color: 'green.800', border: 'green.200' },
    gray: { bg: 'gray.100', color: 'gray.800', border: 'gray.300' },
    orange: { bg: 'orange.50', color: 'orange.800', border: 'orange.200' },
  }[tone];
  return (
    <Text
      as="span"
      fontSize="xs"
      fontWeight="semibold"
      px="2"
      py="0.5"
      borderRadius="full"
      borderWidth="1px"
      bg={colors.bg}
      color={colors.color}
      borderColor={colors.border}
      whiteSpace="nowrap"
      data-testid={testId}
    >
      {text}
    </Text>
  );
}

/**
 * Whether the product can be traded now (with the session in words), and the demo and simulated
 * labels, from `/trade/products`.
 */
export function ProductStatus({
  product,
  meta,
}: {
  product: TradeProductDto;
  meta: Pick<TradeProductsDto, 'demo' | 'simulated'>;
}) {
  const { t } = useTranslation();
  // The phase in the customer's language (the server's `sessionLabel` is English only); in demo
  // mode the demo pill says it all.
  const phase = useMarketSession().data?.phase;
  return (
    <Flex gap="1.5" wrap="wrap" align="center" data-testid="ticket-status">
      {product.openNow ? (
        <Pill tone="green" text={t('ticket.openNow')} testId="ticket-open" />
      ) : (
        <Pill tone="gray" text={t('ticket.closedNow')} testId="ticket-closed" />
      )}
      {meta.demo ? <Pill tone="orange" text={t('ticket.demo')} testId="ticket-demo" /> : null}
      {meta.simulated ? (
        <Pill tone="orange" text={t('ticket.simulated')} testId="ticket-simulated" />
      ) : null}
      {!meta.demo && phase ? (
        <Text fontSize="xs" color="fg.muted" data-testid="ticket-session">
          {t(`market.phase.${phase}`)}
        </Text>
      ) : null}
    </Flex>
  );
}

/** The product's lock rule in words ("closable 15 minutes after the fill", "… (T+1)"). */
export function LockText({ product }: { product: TradeProductDto }) {
  const { t } = useTranslation();
  const { key, params } = lockWords(product.lock);
  return (
    <Text fontSize="xs" color="fg.muted" data-testid="ticket-lock">
      {t(key, params)}
    </Text>
  );
}
