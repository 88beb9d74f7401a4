import { Box, Button, Field, Flex, Image, NativeSelect, Stack, Text } from '@chakra-ui/react';
import { Form, Formik, useField } from 'formik';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { WALLET_TYPES } from '../../contract/wallet-address';
import { addWalletRequest } from '../../contract/schemas/money';
import type { AddWalletRequest, WalletDto } from '../../contract/schemas/money';
import { call } from '../api';
import { BackHeader } from '../components/BackHeader';
import { EmptyData } from '../components/EmptyData';
import { CopyIcon } from '../components/icons';
import { FundPasswordField, SubmitButton, TextField } from '../components/form';
import { notify } from '../components/toaster';
import { FundPasswordConfirm } from './FundPasswordConfirm';
import { ListFailed, ListLoading } from './LoadState';
import { useLoaded } from './useLoaded';

/**
 * /information/usdtAddress — USDT wallets: each with its network, address, payment QR and copy
 * button; remove one with the fund password; add another below (address checked per network).
 */
export default function UsdtAddressScreen() {
  const { t } = useTranslation();
  const list = useLoaded(() => call('walletList', {}));
  const [removing, setRemoving] = useState<number | null>(null);

  let body;
  if (list.data) {
    body =
      list.data.length === 0 ? (
        <Box bg="bg" borderRadius="xl" data-testid="wallets-empty">
          <EmptyData text={t('money.usdt.empty')} />
        </Box>
      ) : (
        <Stack gap="3" data-testid="wallets">
          {list.data.map((wallet) => (
            <WalletRow
              key={wallet.id}
              wallet={wallet}
              removing={removing === wallet.id}
              onRemove={() => setRemoving(wallet.id)}
              onCancel={() => setRemoving(null)}
              onConfirm={async (fundPassword) => {
                await call('delWallet', { id: wallet.id, fundPassword });
                notify(t('money.usdt.deleted'), 'success');
                setRemoving(null);
                list.reload();
              }}
            />
          ))}
        </Stack>
      );
  } else if (list.failed) {
    body = (
      <ListFailed text={t('money.usdt.loadFailed')} onRetry={list.reload} testId="wallets-error" />
    );
  } else {
    body = <ListLoading testId="wallets-loading" />;
  }

  return (
    <Box minH="100dvh" bg="bg.muted" pb="8">
      <BackHeader title={t('money.usdt.title')} />
      <Stack gap="4" px="4" pt="4">
        {body}
        <WalletForm onAdded={list.reload} />
      </Stack>
    </Box>
  );
}

function WalletRow({
  wallet,
  removing,
  onRemove,
  onCancel,
  onConfirm,
}: {
  wallet: WalletDto;
  removing: boolean;
  onRemove: () => void;
  onCancel: () => void;
  onConfirm: (fundPassword: string) => Promise<void>;
}) {
  const { t } = useTranslation();
  const copy = () => {
    void navigator.clipboard?.writeText(wallet.address).then(
      () => notify(t('money.usdt.copied'), 'success'),
      () => undefined,
    );
  };
  return (
    <Box bg="bg" borderRadius="xl" p="4" data-testid={`wallet-${wallet.id}`}>
      <Flex gap="4" align="start">
        <Image
          src={wallet.qr}
          alt={t('money.usdt.qrAlt', { type: wallet.type })}
          w="24"
          h="24"
          flexShrink={0}
          data-testid={`wallet-${wallet.id}-qr`}
        />
        <Stack gap="1" minW="0" flex="1">
          <Text fontSize="sm" fontWeight="semibold">
            {wallet.currency} · {wallet.type}
          </Text>
          <Text
            fontFamily="mono"
            fontSize="xs"
            wordBreak="break-all"
            data-testid={`wallet-${wallet.id}-address`}
          >
            {wallet.address}
          </Text>
          <Flex gap="2" pt="1">
            <Button size="xs" variant="outline" onClick={copy} aria-label={t('money.usdt.copy')}>
              <CopyIcon width="4" height="4" />
              {t('money.usdt.copy')}
            </Button>
            {removing ? null : (
              <Button
                size="xs"
                variant="outline"
                colorPalette="red"
                onClick={onRemove}
                data-testid={`wallet-${wallet.id}-remove`}
              >
                {t('money.usdt.delete')}
              </Button>
            )}
          </Flex>
        </Stack>
      </Flex>
      {removing ? (
        <FundPasswordConfirm
          onConfirm={onConfirm}
          onCancel={onCancel}
          testId={`wallet-${wallet.id}-confirm`}
        />
      ) : null}
    </Box>
  );
}

function NetworkSelect() {
  const { t } = useTranslation();
  const [field] = useField<string>('type');
  return (
    <Field.Root>
      <Field.Label fontSize="sm" color="fg.muted" fontWeight="medium" htmlFor="field-type">
        {t('money.usdt.network')}
      </Field.Label>
      <NativeSelect.Root size="lg">
        <NativeSelect.Field {...field} id="field-type" bg="bg" data-testid="input-type">
          {WALLET_TYPES.map((type) => (
            <option key={type} value={type}>
              USDT · {type}
            </option>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
    </Field.Root>
  );
}

function WalletForm({ onAdded }: { onAdded: () => void }) {
  const { t } = useTranslation();
  const initial: AddWalletRequest = { type: 'TRC20', address: '', fundPassword: '' };
  return (
    <Formik
      initialValues={initial}
      validationSchema={addWalletRequest}
      onSubmit={async (values, helpers) => {
        try {
          await call('addWallet', { ...values, address: values.address.trim() });
        } catch {
          return; // toasted by the API client
        }
        notify(t('money.usdt.done'), 'success');
        helpers.resetForm();
        onAdded();
      }}
    >
      <Form noValidate data-testid="wallet-form">
        <Stack gap="5" bg="bg" borderRadius="xl" p="4">
          <Text fontSize="sm" color="fg.muted">
            {t('money.usdt.intro')}
          </Text>
          <NetworkSelect />
          <TextField name="address" autoComplete="off" />
          <FundPasswordField />
          <SubmitButton testId="wallet-submit">{t('money.usdt.submit')}</SubmitButton>
        </Stack>
      </Form>
    </Formik>
  );
}
