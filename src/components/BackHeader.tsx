import { Box, Flex, Heading, IconButton } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { BackIcon } from './icons';

interface BackHeaderProps {
  title: ReactNode;
  /** Where "back" goes when there is no history to return to (a deep link, a reload). */
  fallback?: string;
  right?: ReactNode;
}

/** The top bar of every inner screen: back arrow, centred title, optional action on the right. */
export function BackHeader({ title, fallback = '/information/index', right }: BackHeaderProps) {
  const navigate = useNavigate();
  const { t } = useTranslation();
  const goBack = () => {
    // react-router stores the history index in history.state; 0 means this is the first page.
    const idx = (window.history.state as { idx?: number } | null)?.idx ?? 0;
    if (idx > 0) void navigate(-1);
    else void navigate(fallback, { replace: true });
  };
  return (
    <Flex
      as="header"
      position="sticky"
      top="0"
      zIndex="sticky"
      h="12"
      align="center"
      bg="bg"
      borderBottomWidth="1px"
      borderColor="border.muted"
      px="1"
    >
      <IconButton
        aria-label={t('common.back')}
        variant="ghost"
        size="md"
        onClick={goBack}
        data-testid="back"
      >
        <BackIcon width="6" height="6" />
      </IconButton>
      <Heading as="h1" size="md" flex="1" textAlign="center" truncate fontWeight="semibold">
        {title}
      </Heading>
      <Box minW="10" display="flex" justifyContent="flex-end">
        {right}
      </Box>
    </Flex>
  );
}
