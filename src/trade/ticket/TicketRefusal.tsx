import { Button, Flex } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import type { FlowRefusal } from '../../../machines/flows/refusal';
import { UNKNOWN_REFUSAL } from '../../../machines/flows/refusal';
import { RefusalBox } from '../../components/RefusalBox';
import { translateRefusal } from '../../i18n/translateRefusal';

const ABOUT_PASSWORD = ['fund_password.wrong', 'fund_password.invalid'];

/**
 * Why the order was refused, and what fixes it: the keypad again after a wrong fund password, a
 * retry of the same submission when no answer came, the form otherwise (and the fund password
 * screen when none is set).
 */
export function TicketRefusal({
  refusal,
  onEdit,
  onRetry,
}: {
  refusal: FlowRefusal;
  onEdit: () => void;
  onRetry: () => void;
}) {
  const { t } = useTranslation();
  const unanswered = refusal.code === UNKNOWN_REFUSAL;
  const aboutPassword = ABOUT_PASSWORD.includes(refusal.code);
  return (
    <RefusalBox
      code={refusal.code}
      text={translateRefusal(refusal.code, refusal.params)}
      testId="ticket-refusal"
    >
      <Flex gap="2" wrap="wrap">
        {unanswered ? (
          <Button size="sm" onClick={onRetry} data-testid="ticket-retry">
            {t('ticket.retry')}
          </Button>
        ) : null}
        <Button size="sm" variant="outline" onClick={onEdit} data-testid="ticket-refusal-action">
          {t(aboutPassword ? 'ticket.reenter' : 'ticket.edit')}
        </Button>
        {refusal.code === 'fund_password.not_set' ? (
          <Button size="sm" variant="outline" asChild data-testid="ticket-set-fund-password">
            <RouterLink to="/information/fundPass">{t('ticket.setFundPassword')}</RouterLink>
          </Button>
        ) : null}
      </Flex>
    </RefusalBox>
  );
}
