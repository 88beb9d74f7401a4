import { Button, Flex, Text } from '@chakra-ui/react';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { LoadingOverlay } from '../components/LoadingOverlay';
import { fetchUserInfo } from '../information/userInfo';

/** /login/loginAfter — loads the customer once after sign-in, then opens Home (its next-step card). */
export default function LoginAfterScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [failed, setFailed] = useState(false);

  const load = useCallback(() => {
    fetchUserInfo().then(
      () => void navigate('/home/index', { replace: true }),
      () => setFailed(true),
    );
  }, [navigate]);

  useEffect(load, [load]);

  const retry = () => {
    setFailed(false);
    load();
  };

  if (!failed) return <LoadingOverlay text={t('loginAfter.loading')} />;
  return (
    <Flex
      minH="100dvh"
      direction="column"
      align="center"
      justify="center"
      gap="4"
      px="8"
      bg="bg"
      role="alert"
      data-testid="login-after-error"
    >
      <Text color="fg.muted">{t('loginAfter.failed')}</Text>
      <Button size="lg" w="full" maxW="xs" onClick={retry} data-testid="login-after-retry">
        {t('common.retry')}
      </Button>
    </Flex>
  );
}
