import { Badge } from '@chakra-ui/react';
import type { TFunction } from 'i18next';
import type { KycState, UserInfoDto } from '../../contract/schemas/user';
import { LockIcon, ShieldIcon } from '../components/icons';
import type { MenuItem } from './MenuList';

const KYC_PALETTE: Record<KycState, string> = {
  unverified: 'gray',
  under_review: 'orange',
  passed: 'green',
  rejected: 'red',
};

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
          colorPalette={KYC_PALETTE[info.kycState]}
          variant="subtle"
          data-testid="menu-authInfo-state"
          data-state={info.kycState}
        >
          {t(`kyc.${info.kycState}`)}
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
