import { Button, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import { isApiError } from '../../api/ApiError';

/** What a money screen's load answers instead of data when the customer is not verified yet. */
export const NEEDS_KYC = 'needsKyc' as const;

/** The load, or NEEDS_KYC when the server refused it with `kyc.required`; other failures stay failures. */
export function orNeedsKyc<T>(load: Promise<T>): Promise<T | typeof NEEDS_KYC> {
  return load.catch((error: unknown) => {
    if (isApiError(error) && error.code === 'kyc.required') return NEEDS_KYC;
    throw error;
  });
}

/** Money moves only for verified customers: say so, with the way to verify. */
export function NeedsKyc({ testId }: { testId: string }) {
  const { t } = useTranslation();
  return (
    <Stack gap="3" bg="bg" borderRadius="xl" p="4" data-testid={testId}>
      <Text fontSize="sm" color="fg.muted">
        {t('funds.needsKyc')}
      </Text>
      <Button variant="outline" asChild>
        <RouterLink to="/information/authInfo">{t('money.addBankCard.goVerify')}</RouterLink>
      </Button>
    </Stack>
  );
}
