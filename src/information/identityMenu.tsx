import { Badge } from '@chakra-ui/react';
import type { TFunction } from 'i18next';
import type { UserInfoDto } from '../../contract/schemas/user';
import { customerKycLook } from '../lifecycle/kycLook';
import { useLifecycleWords } from '../lifecycle/words';
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
      detail: info ? <KycBadge state={info.kycState} /> : undefined,
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

/** The verification state as the customer reads it, coloured by the KYC machine. */
function KycBadge({ state }: { state: string }) {
  const look = customerKycLook(useLifecycleWords(), state);
  return (
    <Badge
      colorPalette={look.palette}
      variant="subtle"
      data-testid="menu-authInfo-state"
      data-state={state}
    >
      {look.label}
    </Badge>
  );
}
