import { Box, Flex, Heading, Skeleton, Stack } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { RestrictionBanner, useRestrictionInstead } from '../account/RestrictionPanel';
import { LoadError } from '../components/LoadError';
import { PortfolioCard } from '../trade/PortfolioCard';
import { BalanceCard } from './BalanceCard';
import { LogoutButton } from './LogoutButton';
import { MenuList } from './MenuList';
import { MoneyActions } from './MoneyActions';
import { ProfileCard } from './ProfileCard';
import { identityMenu } from './identityMenu';
import { accountMenu } from './menus';
import { moneyMenu } from './moneyMenu';
import { serviceMenu } from './serviceMenu';
import { messagesMenu } from './messages/messagesMenu';
import { useUserInfo } from './userInfo';

/** /information/index — "Mine": who I am, what I hold, and the account menu. */
export default function MineScreen() {
  const { t } = useTranslation();
  const { info, loading, failed, reload } = useUserInfo();
  const restricted = useRestrictionInstead();
  return (
    <Box minH="100dvh" bg="bg.muted">
      <Box
        bgGradient="to-br"
        gradientFrom="brand.600"
        gradientTo="brand.800"
        color="white"
        px="5"
        pt="calc(1rem + env(safe-area-inset-top))"
        pb="16"
      >
        <Heading as="h1" size="md" mb="5" fontWeight="semibold">
          {t('mine.title')}
        </Heading>
        {info ? (
          <ProfileCard info={info} />
        ) : (
          <Flex gap="4" align="center" data-testid={loading ? 'mine-loading' : undefined}>
            <Skeleton w="16" h="16" borderRadius="full" />
            <Stack flex="1" gap="2">
              <Skeleton h="5" w="40%" />
              <Skeleton h="4" w="60%" />
            </Stack>
          </Flex>
        )}
      </Box>
      <Stack gap="4" px="4" mt="-10">
        <RestrictionBanner />
        <PortfolioCard />
        {info ? (
          <BalanceCard balances={info.balances} />
        ) : failed && restricted ? null : failed ? (
          <LoadError card testId="mine-error" text={t('mine.loadFailed')} onRetry={reload} />
        ) : (
          <Skeleton h="44" borderRadius="xl" />
        )}
        <MoneyActions />
        <MenuList items={identityMenu(t, info)} />
        <MenuList items={moneyMenu(t)} />
        <MenuList items={serviceMenu(t)} />
        <MenuList items={messagesMenu(t)} />
        <MenuList items={accountMenu(t, { withSettings: true })} />
        <LogoutButton />
      </Stack>
    </Box>
  );
}
