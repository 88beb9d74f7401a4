import { Badge } from '@chakra-ui/react';
import type { TFunction } from 'i18next';
import type { UserInfoDto } from '../../contract/schemas/user';
import { kycMachine } from '../../machines/kyc';
import { paletteOf, topStateOf } from '../lifecycle/tones';
import { LockIcon, ShieldIcon } from '../components/icons';
import type { MenuItem } from './MenuList';

/** "Mine"'s identity rows: real-name verification with its state, and the fund password. */
export function identityMenu(t: TFunction, info: UserInfoDto | null): MenuItem[] {
  return [
    {
      key: 'authInfo',
      label: t('kycScreen.menu'),
      to: '/information/authInfo',
      Icon: ShieldIcon,
      testId: 'menu-authInfo',
      detail: info ? (
        <Badge
          colorPalette={paletteOf(kycMachine, info.kycState)}
          variant="subtle"
          data-testid="menu-authInfo-state"
          data-state={info.kycState}
        >
          {t(`kyc.${topStateOf(info.kycState)}`)}
        </Badge>
      ) : undefined,
    },
    {
      key: 'fundPass',
      label: t('fundPass.menu'),
      to: '/information/fundPass',
      Icon: LockIcon,
      testId: 'menu-fundPass',
      detail: info ? (
        <span data-testid="menu-fundPass-state" data-set={String(info.fundPasswordSet)}>
          {t(info.fundPasswordSet ? 'fundPass.isSet' : 'fundPass.notSet')}
        </span>
      ) : undefined,
    },
  ];
}
