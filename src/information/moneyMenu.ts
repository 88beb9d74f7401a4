import type { TFunction } from 'i18next';
import { lineIcon } from '../components/icons';
import type { MenuItem } from './MenuList';

const CardIcon = lineIcon(['M3 6h18v12H3z', 'M3 10h18', 'M7 15h4'], 'CardIcon');
const WalletIcon = lineIcon(['M4 7h15v12H4z', 'M4 7l11-3v3', 'M15 13h2'], 'WalletIcon');

/** "Mine"'s money rows: bank cards and USDT wallets (docs/money.md). */
export function moneyMenu(t: TFunction): MenuItem[] {
  return [
    {
      key: 'bankList',
      label: t('money.menu.bankList'),
      to: '/information/bankList',
      Icon: CardIcon,
      testId: 'menu-bankList',
    },
    {
      key: 'usdtAddress',
      label: t('money.menu.usdtAddress'),
      to: '/information/usdtAddress',
      Icon: WalletIcon,
      testId: 'menu-usdtAddress',
    },
  ];
}
