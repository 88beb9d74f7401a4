import { Box } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { useUnreadMessages } from './unreadStore';

/**
 * The unread messages badge: a count (99+ above 99) with its words for screen readers; nothing
 * when all is read or nobody is signed in.
 */
export function UnreadBadge({ testId, inline = false }: { testId: string; inline?: boolean }) {
  const { t } = useTranslation();
  const unread = useUnreadMessages();
  if (unread <= 0) return null;
  return (
    <Box
      as="span"
      position={inline ? 'static' : 'absolute'}
      top="-1"
      insetEnd="-2"
      minW="4.5"
      h="4.5"
      px="1"
      borderRadius="full"
      bg="red.600"
      color="white"
      fontSize="2xs"
      fontWeight="bold"
      lineHeight="4.5"
      textAlign="center"
      aria-label={t('tabs.unread', { count: unread })}
      role="status"
      data-testid={testId}
    >
      {unread > 99 ? '99+' : unread}
    </Box>
  );
}
