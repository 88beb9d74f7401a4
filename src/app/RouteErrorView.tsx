import { Button, Flex, Heading, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { useRouteError } from 'react-router-dom';
import { InfoIcon } from '../components/icons';
import { isChunkLoadError } from './lazyScreen';

/**
 * What a route shows when it cannot render. A screen whose code failed to download gets a
 * friendly "check your connection" and a reload button (reloading also picks up a new deploy).
 */
export function RouteErrorView() {
  const error = useRouteError();
  const { t } = useTranslation();
  const chunk = isChunkLoadError(error);
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
      data-testid={chunk ? 'chunk-error' : 'route-error'}
    >
      <InfoIcon width="12" height="12" color="fg.subtle" strokeWidth="1.4" />
      <Heading size="md">{chunk ? t('chunkError.title') : t('routeError.title')}</Heading>
      <Text color="fg.muted" fontSize="sm">
        {chunk ? t('chunkError.body') : t('routeError.body')}
      </Text>
      <Button size="lg" w="full" maxW="xs" onClick={() => window.location.reload()}>
        {t('common.reload')}
      </Button>
    </Flex>
  );
}
