import type { TFunction } from 'i18next';
import { lineIcon } from '../../components/icons';
import type { MenuItem } from '../MenuList';
import { UnreadBadge } from './UnreadBadge';

const BellIcon = lineIcon(['M6 16V11a6 6 0 0 1 12 0v5l2 2H4z', 'M10 20a2 2 0 0 0 4 0'], 'BellIcon');

/** Mine's row to the message centre, with the unread badge. */
export function messagesMenu(t: TFunction): MenuItem[] {
  return [
    {
      key: 'msgInfo',
      label: t('menu.messages'),
      to: '/information/msgInfo',
      Icon: BellIcon,
      testId: 'menu-msgInfo',
      detail: <UnreadBadge testId="menu-msgInfo-unread" inline />,
    },
  ];
}
