import type { TFunction } from 'i18next';
import {
  DocumentIcon,
  GlobeIcon,
  InfoIcon,
  LockIcon,
  SettingsIcon,
  ShieldIcon,
} from '../components/icons';
import type { MenuItem } from './MenuList';

/** The account menu rows shared by "Mine" and Settings. */
export function accountMenu(t: TFunction, options: { withSettings: boolean }): MenuItem[] {
  const items: MenuItem[] = [
    {
      key: 'changeLang',
      label: t('menu.changeLang'),
      to: '/information/changeLang',
      Icon: GlobeIcon,
      testId: 'menu-changeLang',
    },
    {
      key: 'loginPass',
      label: t('menu.loginPass'),
      to: '/information/loginPass',
      Icon: LockIcon,
      testId: 'menu-loginPass',
    },
    {
      key: 'aboutUs',
      label: t('menu.aboutUs'),
      to: '/information/aboutUs',
      Icon: InfoIcon,
      testId: 'menu-aboutUs',
    },
    {
      key: 'privacy',
      label: t('menu.privacy'),
      to: '/information/aboutInfo?type=privacy',
      Icon: ShieldIcon,
      testId: 'menu-privacy',
    },
    {
      key: 'agreement',
      label: t('menu.agreement'),
      to: '/information/aboutInfo?type=agreement',
      Icon: DocumentIcon,
      testId: 'menu-agreement',
    },
  ];
  return options.withSettings
    ? [
        {
          key: 'setting',
          label: t('menu.setting'),
          to: '/information/setting',
          Icon: SettingsIcon,
          testId: 'menu-setting',
        },
        ...items,
      ]
    : items;
}
