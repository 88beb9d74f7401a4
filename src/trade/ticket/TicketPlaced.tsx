import { isInState } from '../../../machines/state-value';
import { Box, Button, Flex, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import type { TradeOrderDto } from '../../../contract/schemas/trade';
import { formatPrice } from '../../market/format';

/** Where the order is listed on /trade/index: holding once filled, pending while it rests. */
export function orderTab(order: Pick<TradeOrderDto, 'state'>): 'holding' | 'pending' {
  return isInState(order.state, 'holding') ? 'holding' : 'pending';
}

/** The order the server made: filled (at what price) or resting, and where to follow it. */
export function TicketPlaced({ order, onAgain }: { order: TradeOrderDto; onAgain: () => void }) {
  const { t } = useTranslation();
  const tab = orderTab(order);
  const line =
    order.fillPrice !== null
      ? t('ticket.placed.filled', {
          price: formatPrice(order.fillPrice),
          shares: formatPrice(order.shares),
        })
      : order.limitPrice !== null
        ? t('ticket.placed.resting', { price: formatPrice(order.limitPrice) })
        : t('ticket.placed.waiting');
  return (
    <Stack gap="3" data-testid="ticket-placed" data-state={order.state}>
      <Box bg="green.50" borderRadius="md" p="3" role="status">
        <Text fontWeight="semibold" color="green.800">
          {t('ticket.placed.title')}
        </Text>
        <Text fontSize="sm" color="green.800" data-testid="ticket-placed-line">
          {line}
        </Text>
        <Text fontSize="xs" color="green.800" data-testid="ticket-placed-no">
          {t('ticket.placed.orderNo', { orderNo: order.orderNo })}
        </Text>
      </Box>
      <Flex gap="2" wrap="wrap">
        <Button flex="1" variant="outline" asChild data-testid="ticket-placed-position">
          <RouterLink to={`/trade/positionDetail?id=${order.id}`}>
            {t('ticket.placed.position')}
          </RouterLink>
        </Button>
        <Button flex="1" variant="outline" asChild data-testid="ticket-placed-list">
          <RouterLink to={`/trade/index?tab=${tab}`}>
            {t(tab === 'holding' ? 'ticket.placed.holdingTab' : 'ticket.placed.pendingTab')}
          </RouterLink>
        </Button>
      </Flex>
      <Button variant="ghost" onClick={onAgain} data-testid="ticket-again">
        {t('ticket.placed.again')}
      </Button>
    </Stack>
  );
}
