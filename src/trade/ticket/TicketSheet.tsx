import { Box, Flex, IconButton, Text } from '@chakra-ui/react';
import { memo, useEffect, useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { OrderSide, TradeProductCode } from '../../../contract/trade';
import { CloseIcon } from '../../market/parts/marketIcons';
import type { PickedPrice } from './OrderTicket';
import { LazyTradeTicket } from './lazyTradeTicket';

/** How much of the screen the sheet may take; the page keeps that much room under its content. */
export const SHEET_MAX_HEIGHT = '70dvh';

/**
 * The order ticket as a sheet over the bottom of the screen. Not modal: the book above stays
 * live and tappable, and a tapped level sets the ticket's price.
 */
export const TicketSheet = memo(function TicketSheet({
  productCode,
  symbol,
  name,
  side,
  picked,
  onClose,
}: {
  productCode: TradeProductCode;
  symbol: string;
  name: string;
  side: OrderSide;
  picked: PickedPrice | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const titleId = useId();
  const title = useRef<HTMLParagraphElement>(null);
  // Opened from the bar or the book: a screen reader and the keyboard land in the sheet.
  useEffect(() => title.current?.focus(), []);
  return (
    <Box
      as="section"
      role="dialog"
      aria-modal="false"
      aria-labelledby={titleId}
      position="fixed"
      bottom="0"
      left="50%"
      transform="translateX(-50%)"
      w="full"
      maxW="layout"
      maxH={SHEET_MAX_HEIGHT}
      overflowY="auto"
      bg="bg"
      borderTopRadius="2xl"
      boxShadow="0 -8px 24px rgba(0, 0, 0, 0.12)"
      zIndex="modal"
      pb="calc(env(safe-area-inset-bottom) + 16px)"
      onKeyDown={(e) => {
        if (e.key === 'Escape') onClose();
      }}
      data-testid="ticket-sheet"
    >
      <Flex
        align="center"
        justify="space-between"
        px="4"
        pt="3"
        pb="2"
        position="sticky"
        top="0"
        bg="bg"
        zIndex="1"
      >
        <Text ref={title} id={titleId} tabIndex={-1} outline="none" fontWeight="bold" truncate>
          {t('ticket.sheetTitle', { name })}
        </Text>
        <IconButton
          variant="ghost"
          size="sm"
          aria-label={t('ticket.close')}
          onClick={onClose}
          data-testid="ticket-sheet-close"
        >
          <CloseIcon width="5" height="5" />
        </IconButton>
      </Flex>
      <Box px="4">
        <LazyTradeTicket productCode={productCode} symbol={symbol} side={side} picked={picked} />
      </Box>
    </Box>
  );
});
