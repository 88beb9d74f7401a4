import { Box, Button, Flex, Text } from '@chakra-ui/react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TradeOrderDto } from '../../contract/schemas/trade';
import { call } from '../api';
import { isApiError } from '../api/ApiError';
import { notify } from '../components/toaster';
import { useStockName } from '../market/names';

type Action = 'close' | 'cancel';

/** The customer's events on an order, and what each is called: shown while `accepts` holds it. */
const EVENT_OF: Record<Action, string> = { close: 'order.close', cancel: 'order.cancel' };

/**
 * Close (a closable position, at the market) and Cancel (a pending order), each after a
 * confirmation, offered only while the order's machine accepts the event. A refusal is shown in
 * the confirmation, translated, so the customer reads why where they tapped.
 */
export function OrderActions({
  order,
  onDone,
  testIdPrefix,
}: {
  order: TradeOrderDto;
  /** The order as the call answered it (a newer version). */
  onDone: (order: TradeOrderDto) => void;
  testIdPrefix: string;
}) {
  const actions = (['close', 'cancel'] as const).filter((a) => order.accepts.includes(EVENT_OF[a]));
  const [confirming, setConfirming] = useState<Action | null>(null);
  if (actions.length === 0) return null;
  if (confirming && actions.includes(confirming)) {
    return (
      <Confirm
        action={confirming}
        order={order}
        onKeep={() => setConfirming(null)}
        onDone={(next) => {
          setConfirming(null);
          onDone(next);
        }}
        testIdPrefix={testIdPrefix}
      />
    );
  }
  return <ActionButtons actions={actions} onPick={setConfirming} testIdPrefix={testIdPrefix} />;
}

function ActionButtons({
  actions,
  onPick,
  testIdPrefix,
}: {
  actions: readonly Action[];
  onPick: (action: Action) => void;
  testIdPrefix: string;
}) {
  const { t } = useTranslation();
  return (
    <Flex gap="2" justify="flex-end">
      {actions.map((action) => (
        <Button
          key={action}
          size="sm"
          variant={action === 'close' ? 'solid' : 'outline'}
          colorPalette={action === 'close' ? 'brand' : 'red'}
          onClick={() => onPick(action)}
          data-testid={`${testIdPrefix}-${action}`}
        >
          {t(`positions.${action}`)}
        </Button>
      ))}
    </Flex>
  );
}

function Confirm({
  action,
  order,
  onKeep,
  onDone,
  testIdPrefix,
}: {
  action: Action;
  order: TradeOrderDto;
  onKeep: () => void;
  onDone: (order: TradeOrderDto) => void;
  testIdPrefix: string;
}) {
  const { t } = useTranslation();
  const nameOf = useStockName();
  const textId = useId();
  const [busy, setBusy] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  // One key per confirmation: a retried tap closes once.
  const [idempotencyKey, setKey] = useState(() => crypto.randomUUID());

  const run = async () => {
    setBusy(true);
    setRefusal(null);
    try {
      const next =
        action === 'close'
          ? await call('tradeClose', { id: order.id }, { idempotencyKey, silent: true })
          : await call('tradeCancel', { id: order.id }, { silent: true });
      notify(t(`positions.done.${action}`), 'success');
      onDone(next);
    } catch (error) {
      // The message of a refusal is already in the reader's language.
      setRefusal(isApiError(error) ? error.message : t('positions.failed'));
      setKey(crypto.randomUUID());
    } finally {
      setBusy(false);
    }
  };

  return (
    <Box
      bg="bg.muted"
      borderRadius="lg"
      p="3"
      flex="1 1 100%"
      role="alertdialog"
      aria-labelledby={textId}
      data-testid={`${testIdPrefix}-confirm`}
    >
      <Text id={textId} fontSize="sm" mb="3">
        {t(`positions.confirm.${action}`, {
          name: nameOf({ name: order.name, nameEn: order.nameEn ?? '' }),
          orderNo: order.orderNo,
        })}
      </Text>
      {refusal ? (
        <Text
          role="alert"
          fontSize="sm"
          color="fg.error"
          mb="3"
          data-testid={`${testIdPrefix}-refusal`}
        >
          {refusal}
        </Text>
      ) : null}
      <Flex gap="2">
        <Button
          flex="1"
          size="sm"
          variant="outline"
          onClick={onKeep}
          data-testid={`${testIdPrefix}-keep`}
        >
          {t('positions.keep')}
        </Button>
        <Button
          flex="1"
          size="sm"
          colorPalette={action === 'close' ? 'brand' : 'red'}
          loading={busy}
          onClick={() => void run()}
          data-testid={`${testIdPrefix}-confirm-${action}`}
        >
          {t(`positions.confirmButton.${action}`)}
        </Button>
      </Flex>
    </Box>
  );
}
