import { Button, Flex, Heading, Image, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { I18nextProvider, useTranslation } from 'react-i18next';
import { i18n } from '../i18n/i18n';
import { customerSystem } from '../theme/system';
import { ThemeProvider } from '../theme/ThemeProvider';

function RetryView({ onRetry }: { onRetry: () => Promise<void> }) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
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
      data-testid="config-retry"
    >
      <Image src="/logo.svg" alt="" w="16" h="16" opacity="0.6" />
      <Heading size="md">{t('boot.failedTitle')}</Heading>
      <Text color="fg.muted" fontSize="sm">
        {t('boot.failedBody')}
      </Text>
      <Button
        size="lg"
        w="full"
        maxW="xs"
        loading={busy}
        data-testid="config-retry-button"
        onClick={() => {
          setBusy(true);
          void onRetry().finally(() => setBusy(false));
        }}
      >
        {t('common.retry')}
      </Button>
    </Flex>
  );
}

/** Shown when /common/config did not answer: the app cannot start without it, so offer a retry. */
export function ConfigRetry({ onRetry }: { onRetry: () => Promise<void> }) {
  return (
    <ThemeProvider system={customerSystem()}>
      <I18nextProvider i18n={i18n}>
        <RetryView onRetry={onRetry} />
      </I18nextProvider>
    </ThemeProvider>
  );
}
