import { Button, Flex, Skeleton, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';

/** A list's loading placeholder. */
export function ListLoading({ testId }: { testId: string }) {
  return (
    <Stack gap="3" data-testid={testId}>
      <Skeleton h="24" borderRadius="xl" />
      <Skeleton h="24" borderRadius="xl" />
    </Stack>
  );
}

/** A list that could not be loaded, with a retry. */
export function ListFailed({
  text,
  onRetry,
  testId,
}: {
  text: string;
  onRetry: () => void;
  testId: string;
}) {
  const { t } = useTranslation();
  return (
    <Flex
      direction="column"
      align="center"
      gap="3"
      bg="bg"
      borderRadius="xl"
      py="8"
      data-testid={testId}
    >
      <Text color="fg.muted" fontSize="sm">
        {text}
      </Text>
      <Button size="sm" variant="outline" onClick={onRetry}>
        {t('common.retry')}
      </Button>
    </Flex>
  );
}
