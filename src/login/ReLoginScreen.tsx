import { Box, Flex, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { InfoIcon } from '../components/icons';
import { useSession } from '../session';
import { AuthLayout } from './AuthLayout';
import { LoginForm } from './LoginForm';

/** /login/reLogin — after a 401: explains that the session ended and offers the login form. */
export default function ReLoginScreen() {
  const { t } = useTranslation();
  const { lastAccount } = useSession();
  return (
    <AuthLayout title={t('reLogin.title')}>
      <Flex
        gap="3"
        align="flex-start"
        bg="orange.50"
        color="orange.800"
        borderRadius="lg"
        px="4"
        py="3"
        mb="6"
        data-testid="relogin-notice"
      >
        <Box pt="0.5">
          <InfoIcon width="5" height="5" />
        </Box>
        <Text fontSize="sm">{t('reLogin.body')}</Text>
      </Flex>
      <LoginForm account={lastAccount ?? ''} />
    </AuthLayout>
  );
}
