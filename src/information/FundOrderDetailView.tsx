import { Badge, Box, Button, Flex, Stack, Text } from '@chakra-ui/react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '../../contract/money';
import type { FundOrderDetailDto, FundOrderDto } from '../../contract/schemas/funds';
import { call } from '../api';
import { BackHeader } from '../components/BackHeader';
import { LoadError } from '../components/LoadError';
import { notify } from '../components/toaster';
import { LifecycleHistory } from '../lifecycle/LifecycleHistory';
import { useLifecycleWords } from '../lifecycle/words';
import { onLiveFundOrder } from '../market/live/account-live';
import { recordLook, requestedState } from './fundRecordLook';
import { formatRecordDeadline, formatRecordTime } from './recordTime';
import { ListLoading } from './LoadState';
import { useLoaded } from './useLoaded';

/** The customer's cancel event of each kind: the Cancel button shows while `accepts` holds it. */
const CANCEL_EVENT = { deposit: 'deposit.cancel', withdrawal: 'withdrawal.cancel' } as const;

/**
 * A deposit's or withdrawal's detail (`/user/fundOrder/detail`): its fields and its lifecycle's
 * history, and Cancel (with a confirmation) while the machine accepts the customer's cancel.
 * Follows the `/account` socket: a change of this order reloads it.
 */
export function FundOrderDetailView({ id }: { id: number }) {
  const { t } = useTranslation();
  const detail = useLoaded(() => call('fundOrderDetail', { id }));
  const { reload } = detail;
  // The cancel call's answer, shown until a reload brings the order at that version or later.
  const [cancelled, setCancelled] = useState<FundOrderDto | null>(null);
  const shown: FundOrderDetailDto | null =
    detail.data && cancelled && cancelled.version > detail.data.order.version
      ? { ...detail.data, order: cancelled }
      : detail.data;
  useEffect(
    () =>
      onLiveFundOrder((order) => {
        if (order.id === id) reload();
      }),
    [id, reload],
  );

  let body;
  if (shown) {
    body = (
      <DetailBody
        detail={shown}
        onCancelled={(order) => {
          setCancelled(order);
          reload();
        }}
      />
    );
  } else if (detail.failed) {
    body = (
      <LoadError
        card
        testId="fundorder-error"
        text={t('money.records.detailFailed')}
        onRetry={reload}
      />
    );
  } else {
    body = <ListLoading testId="fundorder-loading" />;
  }
  return (
    <Box minH="100dvh" bg="bg.muted" pb="8">
      <BackHeader title={t('money.records.detailTitle')} fallback="/information/fundRecord" />
      <Stack gap="4" px="4" pt="4">
        {body}
      </Stack>
    </Box>
  );
}

function DetailBody({
  detail,
  onCancelled,
}: {
  detail: FundOrderDetailDto;
  onCancelled: (order: FundOrderDto) => void;
}) {
  const { t, i18n } = useTranslation();
  const words = useLifecycleWords();
  const language = i18n.language;
  const { order, history } = detail;
  const look = recordLook(words, order.kind, order.state, t('money.records.done'));
  const [confirming, setConfirming] = useState(false);
  const [cancelling, setCancelling] = useState(false);
  // One key per confirmation: a retried tap cancels once.
  const [idempotencyKey, setKey] = useState(() => crypto.randomUUID());
  const canCancel = order.accepts.includes(CANCEL_EVENT[order.kind]);

  const cancel = async () => {
    setCancelling(true);
    try {
      const cancelled = await call('fundOrderCancel', { id: order.id }, { idempotencyKey });
      notify(t('money.records.cancelled'), 'success');
      setConfirming(false);
      onCancelled(cancelled);
    } catch {
      // The refusal was toasted; a new attempt gets a new key.
      setKey(crypto.randomUUID());
    } finally {
      setCancelling(false);
    }
  };

  const field = (label: string, value: string, testId: string) => (
    <Flex justify="space-between" gap="4" py="2" borderTopWidth="1px" borderColor="border.muted">
      <Text fontSize="sm" color="fg.muted" flexShrink={0}>
        {label}
      </Text>
      <Text fontSize="sm" textAlign="end" wordBreak="break-all" data-testid={testId}>
        {value}
      </Text>
    </Flex>
  );

  return (
    <>
      <Box bg="bg" borderRadius="xl" p="4" data-testid="fundorder-detail">
        <Flex justify="space-between" align="center" mb="2">
          <Text fontWeight="bold" data-testid="fundorder-no">
            {order.orderNo}
          </Text>
          <Badge
            colorPalette={look.palette}
            variant="subtle"
            data-testid="fundorder-state"
            data-state={order.state}
          >
            {look.label}
          </Badge>
        </Flex>
        {field(
          t(`money.records.kind.${order.kind}`),
          `${formatMoney(order.amount, order.currency)} ${order.currency}`,
          'fundorder-amount',
        )}
        {field(
          t('money.records.created'),
          formatRecordTime(order.createdAt, language),
          'fundorder-created',
        )}
        {order.destination
          ? field(t('money.records.destination'), order.destination.label, 'fundorder-destination')
          : null}
        {order.expectedArrival
          ? field(
              t('money.records.expectedArrival'),
              formatRecordDeadline(order.expectedArrival, language),
              'fundorder-arrival',
            )
          : null}
        {order.reference
          ? field(t('money.records.reference'), order.reference, 'fundorder-reference')
          : null}
        {order.reason ? field(t('money.records.reason'), order.reason, 'fundorder-reason') : null}
      </Box>

      <Box bg="bg" borderRadius="xl" p="4">
        <Text fontWeight="semibold" mb="2">
          {t('money.records.history')}
        </Text>
        <LifecycleHistory
          entityType={order.kind}
          history={history}
          requested={{
            label: t('money.records.requested'),
            at: order.createdAt,
            state: requestedState(order.kind),
          }}
          testIdPrefix="fundorder"
        />
      </Box>

      {canCancel && !confirming ? (
        <Button
          size="lg"
          variant="outline"
          colorPalette="red"
          onClick={() => setConfirming(true)}
          data-testid="fundorder-cancel"
        >
          {t('money.records.cancel')}
        </Button>
      ) : null}
      {canCancel && confirming ? (
        <Box
          bg="bg"
          borderRadius="xl"
          p="4"
          role="alertdialog"
          aria-labelledby="fundorder-confirm-text"
          data-testid="fundorder-confirm"
        >
          <Text id="fundorder-confirm-text" mb="3">
            {t(`money.records.confirmCancel.${order.kind}`)}
          </Text>
          <Flex gap="3">
            <Button
              flex="1"
              variant="outline"
              onClick={() => setConfirming(false)}
              data-testid="fundorder-keep"
            >
              {t('money.records.keep')}
            </Button>
            <Button
              flex="1"
              colorPalette="red"
              loading={cancelling}
              onClick={() => void cancel()}
              data-testid="fundorder-confirm-cancel"
            >
              {t('money.records.confirmCancelButton')}
            </Button>
          </Flex>
        </Box>
      ) : null}
    </>
  );
}
