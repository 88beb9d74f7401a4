import { Flex, Link, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import { useSession } from '../session';
import { AuthLayout } from './AuthLayout';
import { LoginForm } from './LoginForm';

/** /login/login */
export default function LoginScreen() {
  const { t } = useTranslation();
  const { lastAccount } = useSession();
  return (
    <AuthLayout title={t('login.title')} subtitle={t('login.subtitle')}>
      <LoginForm account={lastAccount ?? ''} />
      <Flex justify="center" gap="1.5" mt="6" fontSize="sm">
        <Text color="fg.muted">{t('login.noAccount')}</Text>
        <Link asChild color="brand.fg" fontWeight="semibold" data-testid="login-to-register">
          <RouterLink to="/login/register">{t('login.toRegister')}</RouterLink>
        </Link>
      </Flex>
    </AuthLayout>
  );
}
