import { Badge, Box, Button, Flex, Image, Skeleton, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import type { FundCurrency, ReceivingChannelDto } from '../../contract/schemas/funds';
import { call } from '../api';
import { EmptyData } from '../components/EmptyData';
import { LoadError } from '../components/LoadError';
import { CopyIcon } from '../components/icons';
import { notify } from '../components/toaster';
import { moneyWithCurrency } from './funds/amount';
import { NEEDS_KYC, NeedsKyc, orNeedsKyc } from './funds/NeedsKyc';
import { CurrencyScreen } from './funds/CurrencyScreen';
import { WindowNote } from './funds/WindowNote';
import { useLoaded } from './useLoaded';

/**
 * /information/rechargeChannel — where to send a deposit: the broker's receiving accounts for the
 * chosen currency (the same for every verified customer), each line with a copy button, a
 * wallet's QR, demo accounts labelled as demo, the limits and the hours; then on to the deposit
 * form for that currency.
 */
export default function RechargeChannelScreen() {
  const { t } = useTranslation();
  return <CurrencyScreen title={t('funds.channel.title')} Body={ChannelsThenNext} />;
}

function ChannelsThenNext({ currency }: { currency: FundCurrency }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <>
      <Channels currency={currency} />
      <Button
        size="lg"
        h="12"
        borderRadius="lg"
        onClick={() => void navigate(`/information/recharge?currency=${currency}`)}
        data-testid="channel-next"
      >
        {t('funds.channel.next')}
      </Button>
    </>
  );
}

function Channels({ currency }: { currency: FundCurrency }) {
  const { t } = useTranslation();
  const info = useLoaded(() => orNeedsKyc(call('rechargeChannel', { currency })));
  if (info.failed) {
    return (
      <LoadError
        card
        testId="channel-error"
        text={t('funds.channel.loadFailed')}
        onRetry={info.reload}
      />
    );
  }
  if (!info.data) {
    return (
      <Stack gap="3" data-testid="channel-loading">
        <Skeleton h="32" borderRadius="xl" />
        <Skeleton h="6" borderRadius="md" />
      </Stack>
    );
  }
  if (info.data === NEEDS_KYC) return <NeedsKyc testId="channel-needs-kyc" />;
  const { channels, min, max, window } = info.data;
  return (
    <Stack gap="3">
      {channels.length === 0 ? (
        <Box bg="bg" borderRadius="xl" data-testid="channel-empty">
          <EmptyData text={t('funds.channel.empty')} />
        </Box>
      ) : (
        <Stack gap="3" data-testid="channels">
          {channels.map((channel) => (
            <ChannelCard key={channel.id} channel={channel} />
          ))}
        </Stack>
      )}
      <Stack gap="1" px="1">
        <Text fontSize="xs" color="fg.muted" data-testid="channel-limits">
          {t('funds.limits', {
            min: moneyWithCurrency(min, currency),
            max: moneyWithCurrency(max, currency),
          })}
        </Text>
        <WindowNote window={window} />
      </Stack>
    </Stack>
  );
}

function ChannelCard({ channel }: { channel: ReceivingChannelDto }) {
  const { t } = useTranslation();
  const wallet = channel.kind === 'wallet';
  return (
    <Box bg="bg" borderRadius="xl" p="4" data-testid={`channel-${channel.id}`}>
      <Flex justify="space-between" align="center" mb="2">
        <Text fontWeight="semibold">
          {channel.currency} · {channel.bankName}
        </Text>
        {channel.demo ? (
          <Badge colorPalette="orange" data-testid={`channel-${channel.id}-demo`}>
            {t('funds.channel.demo')}
          </Badge>
        ) : null}
      </Flex>
      {wallet && channel.qr ? (
        <Image
          src={channel.qr}
          alt={t('funds.channel.qrAlt', { network: channel.bankName })}
          w="32"
          h="32"
          mx="auto"
          mb="2"
          data-testid={`channel-${channel.id}-qr`}
        />
      ) : null}
      <CopyLine
        label={t(wallet ? 'funds.channel.network' : 'funds.channel.bankName')}
        value={channel.bankName}
        testId={`channel-${channel.id}-bank`}
      />
      <CopyLine
        label={t('funds.channel.accountName')}
        value={channel.accountName}
        testId={`channel-${channel.id}-name`}
      />
      <CopyLine
        label={t(wallet ? 'funds.channel.address' : 'funds.channel.accountNumber')}
        value={channel.accountNumber}
        testId={`channel-${channel.id}-number`}
        mono
      />
    </Box>
  );
}

/** One line of a receiving account with a button that copies its value. */
function CopyLine({
  label,
  value,
  testId,
  mono = false,
}: {
  label: string;
  value: string;
  testId: string;
  mono?: boolean;
}) {
  const { t } = useTranslation();
  const copy = () => {
    void navigator.clipboard?.writeText(value).then(
      () => notify(t('funds.channel.copied'), 'success'),
      () => undefined,
    );
  };
  return (
    <Flex
      align="center"
      gap="3"
      py="2"
      borderTopWidth="1px"
      borderColor="border.muted"
      _first={{ borderTopWidth: '0' }}
    >
      <Box flex="1" minW="0">
        <Text fontSize="xs" color="fg.muted">
          {label}
        </Text>
        <Text
          fontSize="sm"
          fontWeight="medium"
          fontFamily={mono ? 'mono' : undefined}
          wordBreak="break-all"
          data-testid={testId}
        >
          {value}
        </Text>
      </Box>
      <Button
        size="xs"
        variant="outline"
        onClick={copy}
        aria-label={t('funds.channel.copyLabel', { label })}
        data-testid={`${testId}-copy`}
      >
        <CopyIcon width="4" height="4" />
        {t('funds.channel.copy')}
      </Button>
    </Flex>
  );
}
