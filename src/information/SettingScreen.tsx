import { Box, Stack } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { BackHeader } from '../components/BackHeader';
import { LogoutButton } from './LogoutButton';
import { MenuList } from './MenuList';
import { accountMenu } from './menus';

/** /information/setting */
export default function SettingScreen() {
  const { t } = useTranslation();
  return (
    <Box minH="100dvh" bg="bg.muted">
      <BackHeader title={t('menu.setting')} />
      <Stack gap="4" px="4" pt="4">
        <MenuList items={accountMenu(t, { withSettings: false })} />
        <LogoutButton />
      </Stack>
    </Box>
  );
}
