import { Button, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import { FUND_RECORD_PATH } from './FundOrderResult';

/** Instead of a form: another fund operation is pending, with a link to the records. */
export function PendingOperation({ testId }: { testId: string }) {
  const { t } = useTranslation();
  return (
    <Stack gap="3" bg="bg" borderRadius="xl" p="4" data-testid={testId}>
      <Text fontSize="sm">{t('funds.pendingExists')}</Text>
      <Button variant="outline" asChild>
        <RouterLink to={FUND_RECORD_PATH}>{t('funds.records')}</RouterLink>
      </Button>
    </Stack>
  );
}
