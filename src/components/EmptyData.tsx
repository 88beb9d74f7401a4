import { Flex, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { EmptyBoxIcon } from './icons';

/** Shown where a list has nothing in it yet. */
export function EmptyData({ text }: { text?: string }) {
  const { t } = useTranslation();
  return (
    <Flex direction="column" align="center" justify="center" py="12" gap="3" color="fg.subtle">
      <EmptyBoxIcon width="12" height="12" strokeWidth="1.2" />
      <Text fontSize="sm">{text ?? t('common.empty')}</Text>
    </Flex>
  );
}
