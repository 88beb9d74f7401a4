import { Stack, Text } from '@chakra-ui/react';
import { Form, Formik } from 'formik';
import { useTranslation } from 'react-i18next';
import { FundPasswordFields } from '../../information/funds/FundPasswordFields';

const SIX_DIGITS = /^[0-9]{6}$/;

/**
 * The fund password keypad that confirms the order (the cash-out sheet's fields). `onConfirm`
 * resolves once the submission has an answer, so the button spins until then.
 */
export function TicketKeypad({
  summary,
  busy,
  onBack,
  onConfirm,
}: {
  summary: string;
  busy: boolean;
  onBack: () => void;
  onConfirm: (fundPassword: string) => Promise<void>;
}) {
  const { t } = useTranslation();
  return (
    <Formik
      initialValues={{ fundPassword: '' }}
      validate={({ fundPassword }) =>
        SIX_DIGITS.test(fundPassword) ? {} : { fundPassword: 'fund_password.invalid' }
      }
      onSubmit={({ fundPassword }) => onConfirm(fundPassword)}
    >
      <Form noValidate data-testid="ticket-keypad">
        <Stack gap="4">
          <Text fontWeight="semibold">{t('ticket.keypadTitle')}</Text>
          <Text fontSize="sm" color="fg.muted" data-testid="ticket-keypad-summary">
            {summary}
          </Text>
          <FundPasswordFields
            busy={busy}
            onBack={onBack}
            backTestId="ticket-keypad-back"
            submitTestId="ticket-submit"
            submitLabel={t('ticket.submit')}
          />
        </Stack>
      </Form>
    </Formik>
  );
}
