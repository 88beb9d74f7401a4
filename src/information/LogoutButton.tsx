import { Button } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { LogoutIcon } from '../components/icons';
import { useLogout } from './useLogout';

export function LogoutButton() {
  const { t } = useTranslation();
  const { logout, leaving } = useLogout();
  return (
    <Button
      w="full"
      size="lg"
      h="12"
      variant="outline"
      bg="bg"
      borderRadius="xl"
      color="red.600"
      borderColor="border.muted"
      loading={leaving}
      disabled={leaving}
      onClick={() => void logout()}
      data-testid="logout"
    >
      <LogoutIcon width="5" height="5" />
      {t('menu.logout')}
    </Button>
  );
}
