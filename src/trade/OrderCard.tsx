import { Badge, Box, Button, Flex, Grid, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { TradeOrderDto } from '../../contract/schemas/trade';
import { useLifecycleWords } from '../lifecycle/words';
import { DIRECTION_COLOR, directionOf } from '../market/format';
import { useStockName } from '../market/names';
import { LockLeft } from './LockLeft';
import { OrderActions } from './OrderActions';
import { orderBadge, orderFields } from './orderLook';
import type { Valuation } from './valuation';

export const SIDE_COLOR = { long: DIRECTION_COLOR.up, short: DIRECTION_COLOR.down } as const;

/** A label and its value, the value coloured when it is a gain or a loss. */
export function FieldGrid({
  fields,
  testIdPrefix,
}: {
  fields: ReturnType<typeof orderFields>;
  testIdPrefix: string;
}) {
  return (
    <Grid as="dl" templateColumns="auto 1fr" columnGap="3" rowGap="1" fontSize="sm">
      {fields.map((field) => (
        <Box key={field.key} display="contents">
          <Text as="dt" color="fg.muted" whiteSpace="nowrap">
            {field.label}
          </Text>
          <Text
            as="dd"
            textAlign="end"
            fontVariantNumeric="tabular-nums"
            wordBreak="break-all"
            color={
              field.signed === undefined ? undefined : DIRECTION_COLOR[directionOf(field.signed)]
            }
            data-testid={`${testIdPrefix}-${field.key}`}
          >
            {field.value}
          </Text>
        </Box>
      ))}
    </Grid>
  );
}

/** The name, code, side and state badge an order is known by. */
export function OrderHeading({ order }: { order: TradeOrderDto }) {
  const { t } = useTranslation();
  const words = useLifecycleWords();
  const badge = orderBadge(words, order.state);
  const nameOf = useStockName();
  return (
    <Flex justify="space-between" align="center" gap="2">
      <Box minW="0">
        <Text fontWeight="bold" truncate data-testid={`order-name-${order.id}`}>
          {nameOf({ name: order.name, nameEn: order.nameEn ?? '' })}{' '}
          <Text as="span" fontSize="xs" color="fg.muted" fontWeight="normal">
            {order.symbol}
          </Text>
        </Text>
        <Text fontSize="xs" fontWeight="semibold" color={SIDE_COLOR[order.side]}>
          {t(`positions.side.${order.side}`)} · {t(`positions.product.${order.product}`)}
        </Text>
      </Box>
      <Badge
        colorPalette={badge.palette}
        variant="subtle"
        flexShrink={0}
        data-testid={`order-state-${order.id}`}
        data-state={order.state}
        data-palette={badge.palette}
      >
        {badge.label}
      </Badge>
    </Flex>
  );
}

/** One order or position on `/trade/index`: the spec's fields, the lock countdown and its actions. */
export function OrderCard({
  order,
  valuation,
  now,
  onChanged,
}: {
  order: TradeOrderDto;
  valuation: Valuation;
  now: number;
  onChanged: (order: TradeOrderDto) => void;
}) {
  const { t, i18n } = useTranslation();
  const prefix = `order-${order.id}`;
  return (
    <Box
      bg="bg"
      borderRadius="xl"
      p="4"
      boxShadow="0 4px 16px rgba(20, 43, 102, 0.08)"
      data-testid={`order-row-${order.id}`}
      data-version={order.version}
    >
      <OrderHeading order={order} />
      <Box mt="3">
        <FieldGrid fields={orderFields(t, i18n.language, order, valuation)} testIdPrefix={prefix} />
      </Box>
      <Flex mt="3" align="center" justify="space-between" gap="3" wrap="wrap">
        <Box>
          <LockLeft order={order} now={now} testId={`${prefix}-lock`} />
          <Button asChild size="xs" variant="ghost" ms="-2">
            <Link to={`/trade/positionDetail?id=${order.id}`} data-testid={`${prefix}-open`}>
              {t('positions.open')}
            </Link>
          </Button>
        </Box>
        <OrderActions order={order} onDone={onChanged} testIdPrefix={prefix} />
      </Flex>
    </Box>
  );
}
