import { Box, Button, Flex, Skeleton, Stack, Text } from '@chakra-ui/react';
import { Form, Formik } from 'formik';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import type { AnyObjectSchema } from 'yup';
import {
  fundPasswordChangeRequest,
  fundPasswordResetRequest,
  fundPasswordSetRequest,
} from '../../contract/schemas/kyc';
import { isInState } from '../../machines/state-value';
import { call, isApiError } from '../api';
import { BackHeader } from '../components/BackHeader';
import { LoadError } from '../components/LoadError';
import { SubmitButton } from '../components/form';
import { notify } from '../components/toaster';
import { TextField } from '../components/form';
import { useUserInfo } from './userInfo';

export type FundPassMode = 'set' | 'change' | 'reset';

interface ModeSpec {
  schema: AnyObjectSchema;
  fields: readonly string[];
  send: (values: Record<string, string>) => Promise<unknown>;
}

const MODES: Record<FundPassMode, ModeSpec> = {
  set: {
    schema: fundPasswordSetRequest,
    fields: ['fundPassword', 'confirmFundPassword'],
    send: (v) =>
      call('fundPasswordSet', {
        fundPassword: v.fundPassword ?? '',
        confirmFundPassword: v.confirmFundPassword ?? '',
      }),
  },
  change: {
    schema: fundPasswordChangeRequest,
    fields: ['oldFundPassword', 'fundPassword', 'confirmFundPassword'],
    send: (v) =>
      call('fundPasswordChange', {
        oldFundPassword: v.oldFundPassword ?? '',
        fundPassword: v.fundPassword ?? '',
        confirmFundPassword: v.confirmFundPassword ?? '',
      }),
  },
  reset: {
    schema: fundPasswordResetRequest,
    fields: ['password', 'idNumber', 'fundPassword', 'confirmFundPassword'],
    send: (v) =>
      call('fundPasswordReset', {
        password: v.password ?? '',
        idNumber: (v.idNumber ?? '').trim(),
        fundPassword: v.fundPassword ?? '',
        confirmFundPassword: v.confirmFundPassword ?? '',
      }),
  },
};

/**
 * /information/fundPass — the 6-digit fund password withdrawals ask for: set it once, change it
 * with the current one, or reset a forgotten one with the login password and the ID number on
 * file (only after real-name verification).
 */
export default function FundPassScreen() {
  const { t } = useTranslation();
  const { info, loading, failed, reload } = useUserInfo();
  const [chosen, setChosen] = useState<'change' | 'reset'>('change');

  let body;
  if (!info) {
    body =
      failed && !loading ? (
        <LoadError card testId="fundpass-error" text={t('fundPass.loadFailed')} onRetry={reload} />
      ) : (
        <Skeleton h="64" borderRadius="xl" data-testid="fundpass-loading" />
      );
  } else {
    const mayReset = isInState(info.kycState, 'passed');
    const mode: FundPassMode = !info.fundPasswordSet
      ? 'set'
      : chosen === 'reset' && mayReset
        ? 'reset'
        : 'change';
    body = (
      <Stack gap="4">
        {info.fundPasswordSet ? (
          <Flex bg="bg" borderRadius="xl" p="1" gap="1" role="tablist">
            {(['change', 'reset'] as const).map((m) => (
              <Button
                key={m}
                role="tab"
                aria-selected={mode === m}
                flex="1"
                size="sm"
                variant={mode === m ? 'solid' : 'ghost'}
                disabled={m === 'reset' && !mayReset}
                onClick={() => setChosen(m)}
                data-testid={`fundpass-mode-${m}`}
              >
                {t(`fundPass.tab.${m}`)}
              </Button>
            ))}
          </Flex>
        ) : null}
        {info.fundPasswordSet && !mayReset ? (
          <Text fontSize="xs" color="fg.subtle" px="1" data-testid="fundpass-reset-needs-kyc">
            {t('fundPass.resetNeedsKyc')}
          </Text>
        ) : null}
        <FundPassForm key={mode} mode={mode} />
      </Stack>
    );
  }

  return (
    <Box minH="100dvh" bg="bg.muted" pb="8">
      <BackHeader title={t('fundPass.title')} />
      <Box px="4" pt="4">
        {body}
      </Box>
    </Box>
  );
}

const PIN = { type: 'password', inputMode: 'numeric', maxLength: 6 } as const;

function FundPassForm({ mode }: { mode: FundPassMode }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [refusal, setRefusal] = useState<string | null>(null);
  const spec = MODES[mode];
  const initial: Record<string, string> = Object.fromEntries(spec.fields.map((f) => [f, '']));
  return (
    <Formik
      initialValues={initial}
      validationSchema={spec.schema}
      onSubmit={async (values) => {
        setRefusal(null);
        try {
          await spec.send(values);
          notify(t(`fundPass.done.${mode}`), 'success');
          void navigate('/information/index', { replace: true });
        } catch (error) {
          // Toasted by the API client; keep it on screen too (attempts left, minutes locked).
          if (isApiError(error)) setRefusal(error.message);
        }
      }}
    >
      <Form noValidate data-testid="fundpass-form" data-mode={mode}>
        <Stack gap="5" bg="bg" borderRadius="xl" p="4">
          <Text fontSize="sm" color="fg.muted">
            {t(`fundPass.intro.${mode}`)}
          </Text>
          {spec.fields.map((name) =>
            name === 'password' ? (
              <TextField
                key={name}
                name={name}
                type="password"
                autoComplete="current-password"
                label={t('fundPass.label.password')}
              />
            ) : name === 'idNumber' ? (
              <TextField
                key={name}
                name={name}
                maxLength={8}
                placeholder="900101-1"
                autoComplete="off"
                label={t('fundPass.label.idNumber')}
              />
            ) : (
              <TextField
                key={name}
                name={name}
                {...PIN}
                autoComplete={name === 'oldFundPassword' ? 'current-password' : 'new-password'}
                label={t(`fundPass.label.${name}`)}
                helper={name === 'fundPassword' ? t('fundPass.hint') : undefined}
              />
            ),
          )}
          {refusal ? (
            <Text
              fontSize="sm"
              color="fg.error"
              bg="red.50"
              borderRadius="md"
              p="3"
              data-testid="fundpass-refusal"
            >
              {refusal}
            </Text>
          ) : null}
          <SubmitButton testId="fundpass-submit">{t(`fundPass.submit.${mode}`)}</SubmitButton>
        </Stack>
      </Form>
    </Formik>
  );
}
