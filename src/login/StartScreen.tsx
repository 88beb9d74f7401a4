import { Box, Button, Flex, Heading, Image, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { Navigate, Link as RouterLink } from 'react-router-dom';
import { LANGUAGES } from '../../contract/languages';
import { GlobeIcon } from '../components/icons';
import { useSiteConfig } from '../config/siteConfig';
import { useSession } from '../session';

/** /login/start — the welcome page: brand, log in, open an account, pick a language. */
export default function StartScreen() {
  const { t } = useTranslation();
  const title = useSiteConfig('title') || 'Maru';
  const logo = useSiteConfig('logo') || '/logo.svg';
  const { language, token } = useSession();
  const languageName = LANGUAGES.find((l) => l.stored === language)?.nativeName;
  // A signed-in customer (a bookmark, the root path, the back button) belongs at Home.
  if (token) return <Navigate to="/home/index" replace />;
  return (
    <Flex
      minH="100dvh"
      direction="column"
      bgGradient="to-b"
      gradientFrom="brand.50"
      gradientTo="bg"
      px="6"
      pt="env(safe-area-inset-top)"
    >
      <Flex justify="flex-end" pt="3">
        <Button asChild variant="ghost" size="sm" color="fg.muted" data-testid="start-language">
          <RouterLink to="/login/start1">
            <GlobeIcon width="4" height="4" />
            {languageName}
          </RouterLink>
        </Button>
      </Flex>
      <Flex flex="1" direction="column" align="center" justify="center" textAlign="center" gap="5">
        <Box bg="bg" borderRadius="3xl" p="4" boxShadow="0 12px 32px rgba(31, 85, 217, 0.18)">
          <Image src={logo} alt="" w="20" h="20" />
        </Box>
        <Heading as="h1" size="3xl" fontWeight="bold" letterSpacing="-0.02em">
          {title}
        </Heading>
        <Text color="fg.muted" fontSize="md" maxW="xs">
          {t('start.tagline')}
        </Text>
      </Flex>
      <Stack gap="3" pb="calc(2.5rem + env(safe-area-inset-bottom))">
        <Button
          asChild
          size="lg"
          h="13"
          borderRadius="xl"
          fontWeight="semibold"
          data-testid="start-login"
        >
          <RouterLink to="/login/login">{t('start.login')}</RouterLink>
        </Button>
        <Button
          asChild
          size="lg"
          h="13"
          borderRadius="xl"
          variant="outline"
          bg="bg"
          fontWeight="semibold"
          data-testid="start-register"
        >
          <RouterLink to="/login/register">{t('start.register')}</RouterLink>
        </Button>
      </Stack>
    </Flex>
  );
}
