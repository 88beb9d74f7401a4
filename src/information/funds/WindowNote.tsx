import { Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import type { FundWindowDto } from '../../../contract/schemas/funds';

/**
 * When money can be moved: around the clock in demo mode (and saying so, as the market screens
 * do), else the Seoul hours, on business days if so, and whether it is open now.
 */
export function WindowNote({ window }: { window: FundWindowDto }) {
  const { t } = useTranslation();
  let text: string;
  if (window.demo) text = t('funds.window.demo');
  else {
    const hours = t(window.businessDaysOnly ? 'funds.window.businessDays' : 'funds.window.daily', {
      opens: window.opens,
      closes: window.closes,
    });
    text = `${hours} · ${t(window.openNow ? 'funds.window.openNow' : 'funds.window.closedNow')}`;
  }
  return (
    <Text
      fontSize="xs"
      color={window.openNow ? 'fg.muted' : 'fg.warning'}
      data-testid="fund-window"
      data-open={window.openNow}
    >
      {t('funds.window.label')} {text}
    </Text>
  );
}
