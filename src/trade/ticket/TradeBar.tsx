import { Box, Button, Flex } from '@chakra-ui/react';
import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import type { OrderSide } from '../../../contract/trade';
import { preloadTradeTicket } from './lazyTradeTicket';
import { SIDE_TINT } from './sideTint';

/** The height of the bar, for the page's padding under its last card. */
export const TRADE_BAR_HEIGHT = '16';

/** The stock detail's sticky bottom bar: buy long, sell short. Memoised: its props never change. */
export const TradeBar = memo(function TradeBar({ onOpen }: { onOpen: (side: OrderSide) => void }) {
  const { t } = useTranslation();
  return (
    <Box
      position="fixed"
      bottom="0"
      left="50%"
      transform="translateX(-50%)"
      w="full"
      maxW="layout"
      bg="bg"
      borderTopWidth="1px"
      borderColor="border.muted"
      zIndex="sticky"
      pb="env(safe-area-inset-bottom)"
      data-testid="trade-bar"
    >
      <Flex gap="2" px="3" py="2" h={TRADE_BAR_HEIGHT} align="center">
        {(['long', 'short'] as const).map((side) => (
          <Button
            key={side}
            flex="1"
            h="12"
            borderRadius="lg"
            fontWeight="bold"
            color="white"
            bg={SIDE_TINT[side]}
            // A press starts fetching the ticket's code before the click opens it.
            onPointerDown={preloadTradeTicket}
            onFocus={preloadTradeTicket}
            onClick={() => onOpen(side)}
            data-testid={`trade-bar-${side}`}
          >
            {t(`ticket.side.${side}`)}
          </Button>
        ))}
      </Flex>
    </Box>
  );
});
