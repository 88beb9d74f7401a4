import { Box, Button, Flex, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import type { OrderPreviewDto } from '../../../contract/schemas/trade';
import { Row } from '../../information/DetailRow';
import { formatRecordTime } from '../../information/recordTime';
import { translateRefusal } from '../../i18n/translateRefusal';
import { formatPrice } from '../../market/format';

/**
 * The server's preview: the price it would fill at now, the shares and what the order costs and
 * takes from the available balance, the daily limits and when it could first be closed. A preview
 * that carries a refusal says why and offers only going back to the form.
 */
export function TicketPreview({
  preview,
  onBack,
  onNext,
}: {
  preview: OrderPreviewDto;
  onBack: () => void;
  onNext: () => void;
}) {
  const { t, i18n } = useTranslation();
  const won = (amount: number) => t('ticket.won', { amount: formatPrice(amount) });
  const refusal = preview.refusal;
  return (
    <Stack gap="3" data-testid="ticket-preview">
      <Text fontWeight="semibold">{t('ticket.preview.title')}</Text>
      <Box>
        <Row label={t('ticket.preview.price')} testId="ticket-preview-price">
          {preview.price === null ? t('ticket.preview.noPrice') : won(preview.price)}
        </Row>
        <Row label={t('ticket.preview.shares')} testId="ticket-preview-shares">
          {t('ticket.sharesCount', { shares: formatPrice(preview.shares) })}
        </Row>
        <Row label={t('ticket.preview.notional')} testId="ticket-preview-notional">
          {won(preview.notional)}
        </Row>
        <Row label={t('ticket.preview.margin')} testId="ticket-preview-margin">
          {won(preview.margin)}
        </Row>
        <Row label={t('ticket.preview.fee')} testId="ticket-preview-fee">
          {won(preview.fee)}
        </Row>
        <Row label={t('ticket.preview.tax')} testId="ticket-preview-tax">
          {won(preview.tax)}
        </Row>
        <Row label={t('ticket.preview.total')} testId="ticket-preview-total">
          {won(preview.total)}
        </Row>
        <Row label={t('ticket.preview.available')} testId="ticket-preview-available">
          {won(preview.available)}
        </Row>
        {preview.lowerLimit !== null && preview.upperLimit !== null ? (
          <Row label={t('ticket.preview.limits')} testId="ticket-preview-limits">
            {`${formatPrice(preview.lowerLimit)} ~ ${formatPrice(preview.upperLimit)}`}
          </Row>
        ) : null}
        {preview.unlockAt ? (
          <Row label={t('ticket.preview.unlockAt')} testId="ticket-preview-unlock">
            {formatRecordTime(preview.unlockAt, i18n.resolvedLanguage ?? 'ko')}
          </Row>
        ) : null}
      </Box>
      {refusal ? (
        <Stack
          gap="1"
          bg="red.50"
          borderLeftWidth="4px"
          borderColor="red.500"
          borderRadius="md"
          p="3"
          role="alert"
          data-testid="ticket-preview-refused"
          data-code={refusal.code}
        >
          <Text fontSize="sm" fontWeight="semibold" color="red.800">
            {t('ticket.preview.refused')}
          </Text>
          <Text fontSize="sm" color="red.800" data-testid="ticket-preview-refused-text">
            {translateRefusal(refusal.code, asParams(refusal.params), refusal.msg)}
          </Text>
        </Stack>
      ) : null}
      <Flex gap="2">
        <Button
          flex="1"
          size="lg"
          h="12"
          variant="outline"
          onClick={onBack}
          data-testid="ticket-preview-back"
        >
          {t('ticket.back')}
        </Button>
        {refusal ? null : (
          <Button flex="2" size="lg" h="12" onClick={onNext} data-testid="ticket-preview-next">
            {t('ticket.next')}
          </Button>
        )}
      </Flex>
    </Stack>
  );
}

/** The refusal's parameters as the translator takes them (the schema types them loosely). */
function asParams(params: object): Record<string, string | number> {
  return Object.fromEntries(
    Object.entries(params).filter(
      (entry): entry is [string, string | number] =>
        typeof entry[1] === 'string' || typeof entry[1] === 'number',
    ),
  );
}
