import { Box, Flex, Heading, IconButton, Image, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import { BackIcon, GlobeIcon } from '../components/icons';
import { useSiteConfig } from '../config/siteConfig';

interface AuthLayoutProps {
  title: string;
  subtitle?: string;
  children: ReactNode;
  /** Where the back arrow leads; login pages are often opened directly, so it is explicit. */
  backTo?: string;
}

/** The frame of the sign-in pages: back arrow and language at the top, brand, heading, form. */
export function AuthLayout({
  title,
  subtitle,
  children,
  backTo = '/login/start',
}: AuthLayoutProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const logo = useSiteConfig('logo') || '/logo.svg';
  return (
    <Box minH="100dvh" bg="bg" pb="10">
      <Flex h="12" align="center" justify="space-between" px="1">
        <IconButton
          aria-label={t('common.back')}
          variant="ghost"
          onClick={() => void navigate(backTo)}
        >
          <BackIcon width="6" height="6" />
        </IconButton>
        <IconButton asChild aria-label={t('start.chooseLanguage')} variant="ghost" color="fg.muted">
          <RouterLink to="/login/start1">
            <GlobeIcon width="5" height="5" />
          </RouterLink>
        </IconButton>
      </Flex>
      <Box px="6" pt="4">
        <Image src={logo} alt="" w="12" h="12" mb="5" />
        <Heading as="h1" size="2xl" fontWeight="bold" letterSpacing="-0.02em">
          {title}
        </Heading>
        {subtitle ? (
          <Text mt="2" color="fg.muted" fontSize="sm">
            {subtitle}
          </Text>
        ) : null}
        <Box mt="8">{children}</Box>
      </Box>
    </Box>
  );
}
