import { Button, Stack } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import type { FlowRefusal } from '../../../machines/flows/refusal';
import { RefusalBox } from '../../components/RefusalBox';
import { translateRefusal } from '../../i18n/translateRefusal';
import { FUND_RECORD_PATH } from './FundOrderResult';

/** Refusals that mean "another deposit or withdrawal is in progress": the records show it. */
const PENDING_CODES = ['fund_order.pending_exists', 'deposit.pending_exists'];

/**
 * A flow's refusal in words (with the limits it names), the action that fixes it, and a link to
 * the records when another fund order is what stands in the way.
 */
export function RefusalNote({
  refusal,
  params = {},
  actionLabel,
  onAction,
  testId,
}: {
  refusal: FlowRefusal;
  params?: Record<string, string>;
  actionLabel: string;
  onAction: () => void;
  testId: string;
}) {
  const { t } = useTranslation();
  const pending = PENDING_CODES.includes(refusal.code);
  return (
    <RefusalBox
      code={refusal.code}
      text={translateRefusal(refusal.code, { ...params, ...refusal.params })}
      testId={testId}
    >
      <Stack direction="row" gap="2">
        <Button size="sm" variant="outline" onClick={onAction} data-testid={`${testId}-action`}>
          {actionLabel}
        </Button>
        {pending ? (
          <Button size="sm" variant="outline" asChild data-testid={`${testId}-records`}>
            <RouterLink to={FUND_RECORD_PATH}>{t('funds.records')}</RouterLink>
          </Button>
        ) : null}
      </Stack>
    </RefusalBox>
  );
}
