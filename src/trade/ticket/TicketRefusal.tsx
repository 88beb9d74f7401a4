import { Button, Flex, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import type { FlowRefusal } from '../../../machines/flows/refusal';
import { UNKNOWN_REFUSAL } from '../../../machines/flows/refusal';
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
    <Stack
      gap="3"
      bg="red.50"
      borderLeftWidth="4px"
      borderColor="red.500"
      borderRadius="md"
      p="3"
      role="alert"
      data-testid="ticket-refusal"
      data-code={refusal.code}
    >
      <Text fontSize="sm" color="red.800" data-testid="ticket-refusal-text">
        {translateRefusal(refusal.code, refusal.params)}
      </Text>
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
    </Stack>
  );
}
