import type { TFunction } from 'i18next';
import { lineIcon } from '../components/icons';
import type { MenuItem } from './MenuList';

const CardIcon = lineIcon(['M3 6h18v12H3z', 'M3 10h18', 'M7 15h4'], 'CardIcon');
const WalletIcon = lineIcon(['M4 7h15v12H4z', 'M4 7l11-3v3', 'M15 13h2'], 'WalletIcon');
export const DepositIcon = lineIcon(['M12 4v12', 'M7 11l5 5 5-5', 'M5 20h14'], 'DepositIcon');
export const WithdrawIcon = lineIcon(['M12 16V4', 'M7 9l5-5 5 5', 'M5 20h14'], 'WithdrawIcon');
export const ExchangeIcon = lineIcon(
  ['M4 8h14', 'M14 4l4 4-4 4', 'M20 16H6', 'M10 12l-4 4 4 4'],
  'ExchangeIcon',
);
const BankIcon = lineIcon(
  ['M3 10l9-6 9 6', 'M5 10v8', 'M12 10v8', 'M19 10v8', 'M3 20h18'],
  'BankIcon',
);

const RecordIcon = lineIcon(['M6 3h12v18H6z', 'M9 8h6', 'M9 12h6', 'M9 16h4'], 'RecordIcon');

/** "Mine"'s money rows: deposit, where to send it, withdraw, exchange, cards, wallets and the fund records (docs/money.md). */
export function moneyMenu(t: TFunction): MenuItem[] {
  return [
    {
      key: 'recharge',
      label: t('funds.menu.recharge'),
      to: '/information/recharge',
      Icon: DepositIcon,
      testId: 'menu-recharge',
    },
    {
      key: 'rechargeChannel',
      label: t('funds.menu.rechargeChannel'),
      to: '/information/rechargeChannel',
      Icon: BankIcon,
      testId: 'menu-rechargeChannel',
    },
    {
      key: 'cashOut',
      label: t('funds.menu.cashOut'),
      to: '/information/cashOut',
      Icon: WithdrawIcon,
      testId: 'menu-cashOut',
    },
    {
      key: 'exChange',
      label: t('funds.menu.exChange'),
      to: '/information/exChange',
      Icon: ExchangeIcon,
      testId: 'menu-exChange',
    },
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
