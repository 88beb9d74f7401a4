import { Box, Button, Flex, Text } from '@chakra-ui/react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import type { KycStatusDto } from '../../contract/schemas/kyc';
import type { BalanceDto } from '../../contract/schemas/user';
import { isInState } from '../../machines/state-value';
import { call } from '../api';
import { SCREEN_PATHS } from '../app/screens';
import { ShieldIcon } from '../components/icons';
import { DEPOSIT_PATH, nextStepOf } from './nextStep';

/**
 * Home's "next step" card for a new customer (nextStep.ts): verify identity, then deposit. Reads
 * the KYC status (and, only when a deposit could be next, the balances) without toasting: when
 * either call fails there is simply no card.
 */
export function NextStepCard({
  availablePaths = SCREEN_PATHS,
}: {
  availablePaths?: ReadonlySet<string>;
}) {
  const { t } = useTranslation();
  const [kyc, setKyc] = useState<KycStatusDto | null>(null);
  const [balances, setBalances] = useState<readonly BalanceDto[] | null>(null);
  const depositPossible = availablePaths.has(DEPOSIT_PATH);
  const passed = kyc !== null && isInState(kyc.state, 'passed');

  useEffect(() => {
    let alive = true;
    call('kycStatus', {}, { silent: true }).then(
      (status) => alive && setKyc(status),
      () => undefined,
    );
    return () => {
      alive = false;
    };
  }, []);

  useEffect(() => {
    if (!passed || !depositPossible) return;
    let alive = true;
    call('info', {}, { silent: true }).then(
      (info) => alive && setBalances(info.balances),
      () => undefined,
    );
    return () => {
      alive = false;
    };
  }, [passed, depositPossible]);

  const step = kyc ? nextStepOf(kyc, availablePaths, balances) : null;
  if (!step) return null;
  return (
    <Box
      bg="bg"
      borderRadius="2xl"
      p="4"
      borderWidth="1px"
      borderColor="brand.200"
      data-testid="next-step"
      data-step={step.key}
    >
      <Flex gap="3" align="flex-start">
        <Flex
          w="10"
          h="10"
          flexShrink={0}
          borderRadius="full"
          align="center"
          justify="center"
          bg="brand.50"
          color="brand.solid"
        >
          <ShieldIcon width="5" height="5" />
        </Flex>
        <Box flex="1" minW="0">
          <Text fontSize="xs" color="brand.fg" fontWeight="semibold">
            {t('nextStep.label')}
          </Text>
          <Text fontWeight="bold">{t(`nextStep.${step.key}Title`)}</Text>
          <Text fontSize="sm" color="fg.muted" mt="0.5">
            {t(`nextStep.${step.key}Body`)}
          </Text>
        </Box>
      </Flex>
      <Button asChild size="sm" w="full" mt="3" borderRadius="lg" data-testid="next-step-action">
        <RouterLink to={step.to}>{t(`nextStep.${step.key}Action`)}</RouterLink>
      </Button>
    </Box>
  );
}
