import { Button, Flex, Heading, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import { InfoIcon } from '../components/icons';
import { useSession } from '../session';

/**
 * Any path no screen has. It used to redirect to the welcome page, which to a signed-in customer
 * looks like being logged out; now it says what happened and leads home (or to the start page).
 */
export default function NotFoundScreen() {
  const { t } = useTranslation();
  const { token } = useSession();
  return (
    <Flex
      minH="100dvh"
      direction="column"
      align="center"
      justify="center"
      gap="4"
      px="8"
      textAlign="center"
      bg="bg"
      data-testid="not-found"
    >
      <InfoIcon width="12" height="12" color="fg.subtle" strokeWidth="1.4" />
      <Heading as="h1" size="md">
        {t('notFound.title')}
      </Heading>
      <Text color="fg.muted" fontSize="sm">
        {t('notFound.body')}
      </Text>
      <Button asChild size="lg" w="full" maxW="xs" data-testid="not-found-home">
        <RouterLink to={token ? '/home/index' : '/login/start'} replace>
          {token ? t('notFound.home') : t('notFound.start')}
        </RouterLink>
      </Button>
    </Flex>
  );
}
