import { Box, Button, Flex, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import type { BankCardDto } from '../../contract/schemas/money';
import { call } from '../api';
import { BackHeader } from '../components/BackHeader';
import { EmptyData } from '../components/EmptyData';
import { notify } from '../components/toaster';
import { FundPasswordConfirm } from './FundPasswordConfirm';
import { ListFailed, ListLoading } from './LoadState';
import { useLoaded } from './useLoaded';

/** /information/bankList — the customer's bank cards (masked), remove one, add another. */
export default function BankListScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const cards = useLoaded(() => call('bankList', {}));
  const [removing, setRemoving] = useState<number | null>(null);

  let body;
  if (cards.data) {
    body =
      cards.data.length === 0 ? (
        <Box bg="bg" borderRadius="xl" data-testid="banklist-empty">
          <EmptyData text={t('money.bankList.empty')} />
        </Box>
      ) : (
        <Stack gap="3" data-testid="banklist">
          {cards.data.map((card) => (
            <CardRow
              key={card.id}
              card={card}
              removing={removing === card.id}
              onRemove={() => setRemoving(card.id)}
              onCancel={() => setRemoving(null)}
              onConfirm={async (fundPassword) => {
                await call('delBankCard', { id: card.id, fundPassword });
                notify(t('money.bankList.deleted'), 'success');
                setRemoving(null);
                cards.reload();
              }}
            />
          ))}
        </Stack>
      );
  } else if (cards.failed) {
    body = (
      <ListFailed
        text={t('money.bankList.loadFailed')}
        onRetry={cards.reload}
        testId="banklist-error"
      />
    );
  } else {
    body = <ListLoading testId="banklist-loading" />;
  }

  return (
    <Box minH="100dvh" bg="bg.muted" pb="8">
      <BackHeader title={t('money.bankList.title')} />
      <Stack gap="4" px="4" pt="4">
        {body}
        <Button
          size="lg"
          h="12"
          borderRadius="lg"
          onClick={() => void navigate('/information/addBankCard')}
          data-testid="banklist-add"
        >
          {t('money.bankList.add')}
        </Button>
      </Stack>
    </Box>
  );
}

function CardRow({
  card,
  removing,
  onRemove,
  onCancel,
  onConfirm,
}: {
  card: BankCardDto;
  removing: boolean;
  onRemove: () => void;
  onCancel: () => void;
  onConfirm: (fundPassword: string) => Promise<void>;
}) {
  const { t } = useTranslation();
  return (
    <Box
      bg="bg"
      borderRadius="xl"
      p="4"
      boxShadow="0 4px 16px rgba(20, 43, 102, 0.08)"
      data-testid={`card-${card.id}`}
    >
      <Flex justify="space-between" align="start" gap="3">
        <Box minW="0">
          <Text fontWeight="semibold">{card.bank}</Text>
          <Text
            fontSize="lg"
            fontWeight="bold"
            fontVariantNumeric="tabular-nums"
            letterSpacing="wide"
            data-testid={`card-${card.id}-masked`}
          >
            {card.masked}
          </Text>
          <Text fontSize="xs" color="fg.muted">
            {t('money.bankList.holder')} {card.holder} · {t('money.bankList.branch')} {card.branch}{' '}
            · {t('money.bankList.bankCode')} {card.bankCode}
          </Text>
        </Box>
        {removing ? null : (
          <Button
            size="sm"
            variant="outline"
            colorPalette="red"
            onClick={onRemove}
            data-testid={`card-${card.id}-remove`}
          >
            {t('money.bankList.delete')}
          </Button>
        )}
      </Flex>
      {removing ? (
        <FundPasswordConfirm
          onConfirm={onConfirm}
          onCancel={onCancel}
          testId={`card-${card.id}-confirm`}
        />
      ) : null}
    </Box>
  );
}
