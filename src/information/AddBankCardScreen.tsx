import { Box, Button, Stack, Text } from '@chakra-ui/react';
import { Form, Formik } from 'formik';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import {
  CARD_HEAD_DIGITS,
  CARD_TAIL_DIGITS,
  addBankCardRequest,
} from '../../contract/schemas/money';
import type { AddBankCardRequest } from '../../contract/schemas/money';
import { isInState } from '../../machines/state-value';
import { call } from '../api';
import { BackHeader } from '../components/BackHeader';
import { FundPasswordField, SubmitButton, TextField } from '../components/form';
import { notify } from '../components/toaster';
import { ListFailed, ListLoading } from './LoadState';
import { useLoaded } from './useLoaded';

/**
 * /information/addBankCard — a card in the verified name: the holder starts as that name; the
 * account number is entered as its first 4 and last 12 digits (product spec).
 */
export default function AddBankCardScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const kyc = useLoaded(() => call('kycStatus', {}));

  let body;
  if (kyc.data) {
    body = isInState(kyc.data.state, 'passed') ? (
      <CardForm holder={kyc.data.realName ?? ''} />
    ) : (
      <Stack gap="3" bg="bg" borderRadius="xl" p="4" data-testid="addcard-needs-kyc">
        <Text fontSize="sm" color="fg.muted">
          {t('money.addBankCard.needsKyc')}
        </Text>
        <Button variant="outline" onClick={() => void navigate('/information/authInfo')}>
          {t('money.addBankCard.goVerify')}
        </Button>
      </Stack>
    );
  } else if (kyc.failed) {
    body = (
      <ListFailed
        text={t('money.addBankCard.loadFailed')}
        onRetry={kyc.reload}
        testId="addcard-error"
      />
    );
  } else {
    body = <ListLoading testId="addcard-loading" />;
  }

  return (
    <Box minH="100dvh" bg="bg.muted" pb="8">
      <BackHeader title={t('money.addBankCard.title')} fallback="/information/bankList" />
      <Box px="4" pt="4">
        {body}
      </Box>
    </Box>
  );
}

const DIGITS = { inputMode: 'numeric', autoComplete: 'off' } as const;

function CardForm({ holder }: { holder: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  // One key per screen: a retried submit (a lost answer) is answered with the card it made.
  const [idempotencyKey] = useState(() => crypto.randomUUID());
  const initial: AddBankCardRequest = {
    holder,
    bank: '',
    branch: '',
    bankCode: '',
    cardHead: '',
    cardTail: '',
    fundPassword: '',
  };
  return (
    <Formik
      initialValues={initial}
      validationSchema={addBankCardRequest}
      onSubmit={async (values) => {
        try {
          await call('addBankCard', values, { idempotencyKey });
        } catch {
          return; // toasted by the API client; the form stays as typed
        }
        notify(t('money.addBankCard.done'), 'success');
        void navigate('/information/bankList', { replace: true });
      }}
    >
      <Form noValidate data-testid="addcard-form">
        <Stack gap="5" bg="bg" borderRadius="xl" p="4">
          <Text fontSize="sm" color="fg.muted">
            {t('money.addBankCard.intro')}
          </Text>
          <TextField name="holder" autoComplete="name" />
          <TextField name="bank" autoComplete="off" />
          <TextField name="branch" autoComplete="off" />
          <TextField name="bankCode" autoComplete="off" placeholder="004" />
          <TextField name="cardHead" maxLength={CARD_HEAD_DIGITS} {...DIGITS} />
          <TextField name="cardTail" maxLength={CARD_TAIL_DIGITS} {...DIGITS} />
          <FundPasswordField />
          <SubmitButton testId="addcard-submit">{t('money.addBankCard.submit')}</SubmitButton>
        </Stack>
      </Form>
    </Formik>
  );
}
