import { Box, Button, Flex, Grid, Heading, Skeleton, Stack, Text } from '@chakra-ui/react';
import { Form, Formik } from 'formik';
import { useCallback, useEffect, useState } from 'react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { kycSubmitRequest } from '../../contract/schemas/kyc';
import type { KycStatusDto, KycSubmitRequest } from '../../contract/schemas/kyc';
import { kycMachine } from '../../machines/kyc';
import { call } from '../api';
import { BackHeader } from '../components/BackHeader';
import { SubmitButton } from '../components/form';
import { CheckIcon, InfoIcon, ShieldIcon } from '../components/icons';
import { notify } from '../components/toaster';
import { TextField } from '../components/form';
import { paletteOf, topStateOf } from '../lifecycle/tones';
import { PhotoPicker } from './PhotoPicker';

type Load = { phase: 'loading' } | { phase: 'failed' } | { phase: 'ready'; status: KycStatusDto };

/**
 * /information/authInfo — real-name verification (docs/identity.md). Shows the state from
 * /kyc/status; while the machine allows `kyc.submit` (unverified, rejected) the form; under
 * review or verified, a read-only summary.
 */
export default function AuthInfoScreen() {
  const { t } = useTranslation();
  const [load, setLoad] = useState<Load>({ phase: 'loading' });

  const fetchStatus = useCallback(() => {
    call('kycStatus', {}).then(
      (status) => setLoad({ phase: 'ready', status }),
      () => setLoad({ phase: 'failed' }),
    );
  }, []);
  useEffect(fetchStatus, [fetchStatus]);

  return (
    <Box minH="100dvh" bg="bg.muted" pb="8">
      <BackHeader title={t('kycScreen.title')} />
      <Stack gap="4" px="4" pt="4">
        {load.phase === 'loading' ? (
          <Stack gap="4" data-testid="kyc-loading">
            <Skeleton h="24" borderRadius="xl" />
            <Skeleton h="64" borderRadius="xl" />
          </Stack>
        ) : load.phase === 'failed' ? (
          <Flex
            direction="column"
            align="center"
            gap="3"
            bg="bg"
            borderRadius="xl"
            py="8"
            data-testid="kyc-error"
          >
            <Text color="fg.muted" fontSize="sm">
              {t('kycScreen.loadFailed')}
            </Text>
            <Button
              size="sm"
              variant="outline"
              onClick={() => {
                setLoad({ phase: 'loading' });
                fetchStatus();
              }}
            >
              {t('common.retry')}
            </Button>
          </Flex>
        ) : (
          <>
            <StateCard status={load.status} />
            {load.status.accepts.includes('kyc.submit') ? (
              <KycForm
                status={load.status}
                onSubmitted={(status) => setLoad({ phase: 'ready', status })}
              />
            ) : (
              <Summary status={load.status} />
            )}
          </>
        )}
      </Stack>
    </Box>
  );
}

function StateCard({ status }: { status: KycStatusDto }) {
  const { t } = useTranslation();
  const palette = paletteOf(kycMachine, status.state);
  const tone = { bg: `${palette}.100`, fg: `${palette}.700` };
  const top = topStateOf(status.state);
  const Icon = top === 'passed' ? CheckIcon : top === 'rejected' ? InfoIcon : ShieldIcon;
  return (
    <Box bg="bg" borderRadius="xl" p="4" data-testid="kyc-state" data-state={status.state}>
      <Flex align="center" gap="3">
        <Flex
          w="10"
          h="10"
          borderRadius="full"
          bg={tone.bg}
          color={tone.fg}
          align="center"
          justify="center"
          flexShrink={0}
        >
          <Icon width="5" height="5" />
        </Flex>
        <Box flex="1" minW="0">
          <Heading as="h2" size="sm">
            {t(`kyc.${top}`)}
          </Heading>
          <Text fontSize="sm" color="fg.muted">
            {t(`kycScreen.explain.${top}`)}
          </Text>
        </Box>
      </Flex>
      {status.state === 'rejected' ? (
        <Box mt="3" bg="red.50" borderLeftWidth="4px" borderColor="red.500" borderRadius="md" p="3">
          <Text fontSize="xs" fontWeight="semibold" color="red.700">
            {t('kycScreen.reasonTitle')}
          </Text>
          <Text fontSize="md" color="red.800" mt="1" whiteSpace="pre-wrap" data-testid="kyc-reason">
            {status.rejectionReason ?? t('kycScreen.noReason')}
          </Text>
        </Box>
      ) : null}
    </Box>
  );
}

function KycForm({
  status,
  onSubmitted,
}: {
  status: KycStatusDto;
  onSubmitted: (status: KycStatusDto) => void;
}) {
  const { t } = useTranslation();
  const initial: KycSubmitRequest = {
    realName: status.realName ?? '',
    idNumber: status.idNumber ?? '',
    frontPhotoId: '',
    backPhotoId: '',
  };
  return (
    <Formik
      initialValues={initial}
      validationSchema={kycSubmitRequest}
      onSubmit={async (values) => {
        try {
          const next = await call('kycSubmit', {
            ...values,
            realName: values.realName.trim(),
            idNumber: values.idNumber.trim(),
          });
          notify(t('kycScreen.submitted'), 'success');
          onSubmitted(next);
        } catch {
          // Already toasted by the API client; the form stays for another try.
        }
      }}
    >
      <Form noValidate>
        <Stack gap="5" bg="bg" borderRadius="xl" p="4">
          <Heading as="h2" size="sm">
            {status.state === 'rejected' ? t('kycScreen.resubmitTitle') : t('kycScreen.formTitle')}
          </Heading>
          <TextField name="realName" label={t('kycScreen.realName')} autoComplete="name" />
          <TextField
            name="idNumber"
            label={t('kycScreen.idNumber')}
            placeholder="900101-1"
            autoComplete="off"
            maxLength={8}
            helper={t('kycScreen.idNumberHint')}
          />
          <Grid templateColumns="1fr 1fr" gap="3">
            <PhotoPicker side="front" />
            <PhotoPicker side="back" />
          </Grid>
          <Text fontSize="xs" color="fg.subtle">
            {t('kycScreen.privacyNote')}
          </Text>
          <SubmitButton testId="kyc-submit">{t('kycScreen.submit')}</SubmitButton>
        </Stack>
      </Form>
    </Formik>
  );
}

function Summary({ status }: { status: KycStatusDto }) {
  const { t } = useTranslation();
  if (!status.realName && !status.idNumber) {
    return (
      <Box bg="bg" borderRadius="xl" p="4" data-testid="kyc-summary-empty">
        <Text fontSize="sm" color="fg.muted">
          {t('common.empty')}
        </Text>
      </Box>
    );
  }
  return (
    <Box bg="bg" borderRadius="xl" px="4" data-testid="kyc-summary">
      <Row label={t('kycScreen.realName')} testId="kyc-summary-name">
        {status.realName}
      </Row>
      <Row label={t('kycScreen.idNumber')} testId="kyc-summary-id">
        {status.idNumber}
      </Row>
      <Row label={t('kycScreen.photos')}>{t('kycScreen.photosOnFile')}</Row>
      <Row label={t('kycScreen.submissions')}>{status.submissions}</Row>
    </Box>
  );
}

function Row({ label, children, testId }: { label: string; children: ReactNode; testId?: string }) {
  return (
    <Flex
      align="center"
      justify="space-between"
      gap="3"
      py="3.5"
      borderTopWidth="1px"
      borderColor="border.muted"
      _first={{ borderTopWidth: '0' }}
    >
      <Text fontSize="sm" color="fg.muted">
        {label}
      </Text>
      <Text fontSize="sm" fontWeight="medium" textAlign="end" data-testid={testId}>
        {children}
      </Text>
    </Flex>
  );
}
