import type { TFunction } from 'i18next';
import { CheckIcon, UserIcon } from '../components/icons';
import type { MenuItem } from './MenuList';

/** "Mine"'s rows for the profile and the daily check-in (issue 13, docs/service.md). */
export function serviceMenu(t: TFunction): MenuItem[] {
  return [
    {
      key: 'userInfo',
      label: t('service.menu.profile'),
      to: '/information/userInfo',
      Icon: UserIcon,
      testId: 'menu-userInfo',
    },
    {
      key: 'signIn',
      label: t('service.menu.checkIn'),
      to: '/information/signIn',
      Icon: CheckIcon,
      testId: 'menu-signIn',
    },
  ];
}
