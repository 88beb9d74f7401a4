import type { TFunction } from 'i18next';
import { lineIcon } from '../components/icons';
import type { MenuItem } from './MenuList';

const CardIcon = lineIcon(['M3 6h18v12H3z', 'M3 10h18', 'M7 15h4'], 'CardIcon');
const WalletIcon = lineIcon(['M4 7h15v12H4z', 'M4 7l11-3v3', 'M15 13h2'], 'WalletIcon');
const RecordIcon = lineIcon(['M6 3h12v18H6z', 'M9 8h6', 'M9 12h6', 'M9 16h4'], 'RecordIcon');

/** "Mine"'s money rows: bank cards, USDT wallets and the fund records (docs/money.md). */
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
    {
      key: 'fundRecord',
      label: t('money.menu.fundRecord'),
      to: '/information/fundRecord',
      Icon: RecordIcon,
      testId: 'menu-fundRecord',
    },
  ];
}
