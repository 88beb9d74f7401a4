import { Grid, Text, chakra } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { DepositIcon, ExchangeIcon, WithdrawIcon } from './moneyMenu';

const ACTIONS = [
  { key: 'deposit', to: '/information/recharge', Icon: DepositIcon, label: 'funds.menu.recharge' },
  { key: 'withdraw', to: '/information/cashOut', Icon: WithdrawIcon, label: 'funds.menu.cashOut' },
  {
    key: 'exchange',
    to: '/information/exChange',
    Icon: ExchangeIcon,
    label: 'funds.menu.exChange',
  },
] as const;

/** Mine's three money buttons under the balances: deposit, withdraw, exchange. */
export function MoneyActions() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <Grid templateColumns="repeat(3, 1fr)" gap="2" bg="bg" borderRadius="xl" p="2">
      {ACTIONS.map(({ key, to, Icon, label }) => (
        <chakra.button
          key={key}
          type="button"
          display="flex"
          flexDirection="column"
          alignItems="center"
          gap="1"
          py="2"
          borderRadius="lg"
          color="brand.fg"
          _active={{ bg: 'bg.subtle' }}
          onClick={() => void navigate(to)}
          data-testid={`mine-${key}`}
        >
          <Icon width="6" height="6" />
          <Text fontSize="sm" fontWeight="medium" color="fg">
            {t(label)}
          </Text>
        </chakra.button>
      ))}
    </Grid>
  );
}
