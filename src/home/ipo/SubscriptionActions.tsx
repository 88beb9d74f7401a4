import { Box, Button, Flex, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { IpoSubscriptionDto } from '../../../contract/schemas/ipo';
import { call } from '../../api';
import { notify } from '../../components/toaster';
import { formatPrice } from '../../market/format';
import { PAY_EVENT, WAIVE_EVENT } from './ipoLook';

type Action = 'pay' | 'waive';

/**
 * Pay or waive an allotment pending payment, each shown while the subscription `accepts` it, each
 * confirmed first (what is due and from where; that a waiver releases the deposit). One
 * Idempotency-Key per confirmation: a retried tap pays once.
 */
export function SubscriptionActions({
  subscription,
  onDone,
  testIdPrefix,
}: {
  subscription: IpoSubscriptionDto;
  onDone: (subscription: IpoSubscriptionDto) => void;
  testIdPrefix: string;
}) {
  const { t } = useTranslation();
  const [confirming, setConfirming] = useState<Action | null>(null);
  const [busy, setBusy] = useState(false);
  const [idempotencyKey, setKey] = useState(() => crypto.randomUUID());
  const may = {
    pay: subscription.accepts.includes(PAY_EVENT),
    waive: subscription.accepts.includes(WAIVE_EVENT),
  };
  if (!may.pay && !may.waive) return null;
  const prefix = `${testIdPrefix}-${subscription.id}`;

  const run = async (action: Action) => {
    setBusy(true);
    try {
      const answer = await call(
        action === 'pay' ? 'ipoPay' : 'ipoWaive',
        { id: subscription.id },
        { idempotencyKey },
      );
      notify(t(action === 'pay' ? 'ipo.pay.paid' : 'ipo.pay.waived'), 'success');
      setConfirming(null);
      onDone(answer);
    } catch {
      // The refusal was toasted; a new attempt gets a new key.
      setKey(crypto.randomUUID());
    } finally {
      setBusy(false);
    }
  };

  if (confirming) {
    const text =
      confirming === 'pay'
        ? t('ipo.pay.confirmPay', { due: formatPrice(subscription.due ?? 0) })
        : t('ipo.pay.confirmWaive');
    return (
      <Box
        bg="bg.subtle"
        borderRadius="md"
        p="3"
        role="alertdialog"
        aria-labelledby={`${prefix}-confirm-text`}
        data-testid={`${prefix}-confirm`}
      >
        <Text id={`${prefix}-confirm-text`} fontSize="sm" mb="3">
          {text}
        </Text>
        <Flex gap="2">
          <Button
            flex="1"
            size="sm"
            variant="outline"
            disabled={busy}
            onClick={() => setConfirming(null)}
            data-testid={`${prefix}-keep`}
          >
            {t('ipo.pay.back')}
          </Button>
          <Button
            flex="1"
            size="sm"
            colorPalette={confirming === 'pay' ? 'blue' : 'red'}
            loading={busy}
            onClick={() => void run(confirming)}
            data-testid={`${prefix}-confirm-${confirming}`}
          >
            {t(confirming === 'pay' ? 'ipo.pay.pay' : 'ipo.pay.waive')}
          </Button>
        </Flex>
      </Box>
    );
  }
  return (
    <Flex gap="2">
      {may.pay ? (
        <Button
          flex="1"
          size="sm"
          onClick={() => setConfirming('pay')}
          data-testid={`${prefix}-pay`}
        >
          {t('ipo.pay.pay')}
        </Button>
      ) : null}
      {may.waive ? (
        <Button
          flex="1"
          size="sm"
          variant="outline"
          colorPalette="red"
          onClick={() => setConfirming('waive')}
          data-testid={`${prefix}-waive`}
        >
          {t('ipo.pay.waive')}
        </Button>
      ) : null}
    </Flex>
  );
}
