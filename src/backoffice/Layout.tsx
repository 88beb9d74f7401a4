import { Box, Button, Flex, HStack, NativeSelect, Stack, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink, Navigate, Outlet, useNavigate } from 'react-router-dom';
import { LANGUAGES } from '../../contract/languages';
import type { Locale } from '../../contract/languages';
import { staffCall } from './api';
import { switchBackofficeLocale } from './i18n';
import { navFor } from './roles';
import { staffSession, useStaffSession } from './session';

/** Only a full session gets in; a one-time password sends to the password change first. */
export function RequireStaff({
  children,
  allowPasswordChange = false,
}: {
  children: ReactNode;
  allowPasswordChange?: boolean;
}) {
  const { token, me } = useStaffSession();
  if (!token || !me) return <Navigate to="/login" replace />;
  if (me.mustChangePassword && !allowPasswordChange) return <Navigate to="/password" replace />;
  return <>{children}</>;
}

export function LanguageSwitch() {
  const { t, i18n } = useTranslation();
  return (
    <NativeSelect.Root size="sm" width="36">
      <NativeSelect.Field
        data-testid="language-switch"
        aria-label={t('layout.language')}
        value={i18n.language}
        onChange={(event) => void switchBackofficeLocale(event.currentTarget.value as Locale)}
      >
        {LANGUAGES.map((language) => (
          <option key={language.locale} value={language.locale}>
            {language.nativeName}
          </option>
        ))}
      </NativeSelect.Field>
      <NativeSelect.Indicator />
    </NativeSelect.Root>
  );
}

export function Header({ children }: { children?: ReactNode }) {
  const { t } = useTranslation();
  return (
    <Flex
      as="header"
      minH="14"
      px={{ base: '4', lg: '6' }}
      gap="3"
      align="center"
      justify="space-between"
      bg="bg"
      borderBottomWidth="1px"
    >
      <Text fontWeight="bold" color="brand.fg">
        {t('layout.title')}
      </Text>
      <HStack gap="4">
        {children}
        <LanguageSwitch />
      </HStack>
    </Flex>
  );
}

export function Layout() {
  const { t } = useTranslation();
  const { me } = useStaffSession();
  const navigate = useNavigate();
  const logout = async () => {
    await staffCall('logout', {}, { silent: true }).catch(() => undefined);
    staffSession.signOut();
    void navigate('/login', { replace: true });
  };
  return (
    <Flex direction="column" minH="100vh">
      <Header>
        <Text fontSize="sm" data-testid="staff-me">
          {me?.account} · {me ? t(`roles.${me.role}`) : ''}
        </Text>
        <Button
          size="sm"
          variant="outline"
          data-testid="staff-logout"
          onClick={() => void logout()}
        >
          {t('layout.logout')}
        </Button>
      </Header>
      {/* A sidebar from 1024 px; narrower (a tablet at 768 px) the menu is a row under the header. */}
      <Flex flex="1" direction={{ base: 'column', lg: 'row' }}>
        <Box
          as="nav"
          w={{ base: 'full', lg: '56' }}
          flexShrink={0}
          bg="bg"
          borderRightWidth={{ base: '0', lg: '1px' }}
          borderBottomWidth={{ base: '1px', lg: '0' }}
          py={{ base: '2', lg: '4' }}
          data-testid="nav"
        >
          <Stack
            gap="1"
            px="3"
            direction={{ base: 'row', lg: 'column' }}
            wrap={{ base: 'wrap', lg: 'nowrap' }}
          >
            {navFor(me?.role).map((item) => (
              <NavLink key={item.id} to={item.path} data-testid={`nav-${item.id}`}>
                {({ isActive }) => (
                  <Box
                    px="3"
                    py="2"
                    borderRadius="md"
                    fontSize="sm"
                    fontWeight={isActive ? 'semibold' : 'normal'}
                    bg={isActive ? 'brand.subtle' : undefined}
                    color={isActive ? 'brand.fg' : 'fg'}
                    _hover={{ bg: 'bg.muted' }}
                  >
                    {t(`nav.${item.id}`)}
                  </Box>
                )}
              </NavLink>
            ))}
          </Stack>
        </Box>
        <Box as="main" flex="1" p={{ base: '4', lg: '6' }} minW="0">
          <Outlet />
        </Box>
      </Flex>
    </Flex>
  );
}
