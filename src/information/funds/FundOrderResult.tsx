import { Badge, Box, Button, Flex, Stack, Text } from '@chakra-ui/react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import { formatMoney } from '../../../contract/money';
import type { FundOrderDto } from '../../../contract/schemas/funds';
import { call } from '../../api';
import { paletteOf, topStateOf } from '../../lifecycle/tones';
import { useLifecycleWords } from '../../lifecycle/words';
import { onLiveFundOrder } from '../../market/live/account-live';
import { formatSeoulDeadline, formatSeoulTime } from '../../market/format';
import { Row } from '../DetailRow';
import { fundOrderMachine } from '../fundRecordLook';

/** The fund-records screen (another part of issue 10): the result links there, nothing more. */
export const FUND_RECORD_PATH = '/information/fundRecord';

/**
 * A deposit or withdrawal just made: its number, amount, state in words (the top-level state, as
 * customers read it), the expected arrival of a withdrawal, and Cancel while the order `accepts`
 * `<kind>.cancel`. A cancel's refusal is toasted by the API client and the order stays as it was.
 * It follows the `/account` socket, so a staff decision shows without leaving the screen.
 */
export function FundOrderResult({ order: first }: { order: FundOrderDto }) {
  const { t } = useTranslation();
  const words = useLifecycleWords();
  const [order, setOrder] = useState(first);
  const [cancelling, setCancelling] = useState(false);
  // Staff decide while the customer looks at it: a pushed change of this order shows at once,
  // an older push (a lower version) never takes a newer state back.
  useEffect(
    () =>
      onLiveFundOrder((pushed) => {
        if (pushed.id === first.id && pushed.kind === first.kind) {
          setOrder((shown) => (pushed.version > shown.version ? pushed : shown));
        }
      }),
    [first.id, first.kind],
  );
  const cancelEvent = `${order.kind}.cancel`;
  // The colour is the machine's tone for the state, as on the records and the back office.
  const machine = fundOrderMachine(order.kind);
  const palette = machine ? paletteOf(machine, order.state) : 'gray';

  async function cancel() {
    setCancelling(true);
    try {
      setOrder(
        await call('fundOrderCancel', { id: order.id }, { idempotencyKey: crypto.randomUUID() }),
      );
    } catch {
      // Toasted; the order is shown as it was.
    } finally {
      setCancelling(false);
    }
  }

  return (
    <Stack gap="3" bg="bg" borderRadius="xl" p="4" data-testid="fund-order">
      <Flex justify="space-between" align="center" gap="3">
        <Text fontWeight="semibold">
          {t(order.kind === 'deposit' ? 'funds.result.deposit' : 'funds.result.withdrawal')}
        </Text>
        <Badge
          colorPalette={palette}
          data-palette={palette}
          size="lg"
          data-testid="fund-order-state"
          data-state={order.state}
        >
          {words.state(order.kind, topStateOf(order.state))}
        </Badge>
      </Flex>
      <Box>
        <Row label={t('funds.result.orderNo')} testId="fund-order-no">
          {order.orderNo}
        </Row>
        <Row label={t('funds.result.amount')} testId="fund-order-amount">
          {formatMoney(order.amount, order.currency)} {order.currency}
        </Row>
        {order.destination ? (
          <Row label={t('funds.result.destination')} testId="fund-order-destination">
            {order.destination.label}
          </Row>
        ) : null}
        {order.expectedArrival ? (
          <Row label={t('funds.result.arrival')} testId="fund-order-arrival">
            {formatSeoulDeadline(Date.parse(order.expectedArrival))}
          </Row>
        ) : null}
        <Row label={t('funds.result.time')}>{formatSeoulTime(Date.parse(order.createdAt))}</Row>
        {order.reason ? (
          <Row label={t('funds.result.reason')} testId="fund-order-reason">
            {order.reason}
          </Row>
        ) : null}
      </Box>
      {order.kind === 'deposit' && order.accepts.includes(cancelEvent) ? (
        <Text fontSize="xs" color="fg.muted">
          {t('funds.result.depositNext')}
        </Text>
      ) : null}
      <Flex gap="2">
        {order.accepts.includes(cancelEvent) ? (
          <Button
            flex="1"
            variant="outline"
            colorPalette="red"
            loading={cancelling}
            onClick={() => void cancel()}
            data-testid="fund-order-cancel"
          >
            {words.event(cancelEvent)}
          </Button>
        ) : null}
        <Button flex="1" variant="outline" asChild data-testid="fund-order-records">
          <RouterLink to={FUND_RECORD_PATH}>{t('funds.records')}</RouterLink>
        </Button>
      </Flex>
    </Stack>
  );
}
