import { Box, Flex, Heading, Skeleton, Stack, Text } from '@chakra-ui/react';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { KycStatusDto } from '../../contract/schemas/kyc';
import { isInState } from '../../machines/state-value';
import { call } from '../api';
import { BackHeader } from '../components/BackHeader';
import { LoadError } from '../components/LoadError';
import { CheckIcon, InfoIcon, ShieldIcon } from '../components/icons';
import { customerKycLook } from '../lifecycle/kycLook';
import { topStateOf } from '../lifecycle/tones';
import { useLifecycleWords } from '../lifecycle/words';
import { KycSubmissionFlow, Row } from './KycSubmissionFlow';

type Load = { phase: 'loading' } | { phase: 'failed' } | { phase: 'ready'; status: KycStatusDto };

/**
 * /information/authInfo — real-name verification (docs/identity.md). Shows the state from
 * /kyc/status; while the machine accepts `kyc.submit` (the status's `accepts`) the submission
 * flow, else a read-only summary.
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
          <LoadError
            card
            testId="kyc-error"
            text={t('kycScreen.loadFailed')}
            onRetry={() => {
              setLoad({ phase: 'loading' });
              fetchStatus();
            }}
          />
        ) : (
          <>
            <StateCard status={load.status} />
            {load.status.accepts.includes('kyc.submit') ? (
              <KycSubmissionFlow
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
  const look = customerKycLook(useLifecycleWords(), status.state);
  const tone = { bg: `${look.palette}.100`, fg: `${look.palette}.700` };
  const rejected = isInState(status.state, 'rejected');
  const Icon = isInState(status.state, 'passed') ? CheckIcon : rejected ? InfoIcon : ShieldIcon;
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
          <Heading as="h2" size="sm" data-testid="kyc-state-label">
            {look.label}
          </Heading>
          <Text fontSize="sm" color="fg.muted">
            {/* One explanation per top-level state of the machine: nested ones read as their parent. */}
            {t(`kycScreen.explain.${topStateOf(status.state)}`)}
          </Text>
        </Box>
      </Flex>
      {rejected ? (
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
