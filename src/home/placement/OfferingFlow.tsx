import { Button, Stack, Text } from '@chakra-ui/react';
import { useActorRef, useSelector } from '@xstate/react';
import { Form, Formik } from 'formik';
import { useEffect, useState } from 'react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { waitFor } from 'xstate';
import { cashOutRequest } from '../../../contract/schemas/funds';
import type { OfferingDraft } from '../../../machines/flows/offering-apply';
import type { offeringApplyMachine } from '../../../machines/flows/offering-apply';
import { FundPasswordFields } from '../../information/funds/FundPasswordFields';
import { RefusalNote } from '../../information/funds/RefusalNote';

const passwordSchema = cashOutRequest.pick(['fundPassword']);

/**
 * The apply/bid flow on screen (machines/flows/offering-apply.ts): the form the screen draws
 * (`form`, while editing) with its Next button, the confirmation with the fund password, the
 * refusal in the customer's language with the way back, and `onDone` once the server answered.
 */
export function OfferingFlow({
  make,
  draft,
  open,
  closedNote,
  form,
  summary,
  submitLabel,
  onDone,
  testId,
}: {
  make: () => typeof offeringApplyMachine;
  /** What the form holds now. */
  draft: OfferingDraft;
  /** Whether the window takes applications now. */
  open: boolean;
  closedNote: string;
  form: ReactNode;
  /** The confirmation's lines. */
  summary: ReactNode;
  submitLabel: string;
  onDone: () => void;
  testId: string;
}) {
  const { t } = useTranslation();
  const [machine] = useState(make);
  const flow = useActorRef(machine);
  const step = useSelector(flow, (s) =>
    (['editing', 'confirming', 'submitting', 'refused', 'done'] as const).find((name) =>
      s.matches(name),
    ),
  );
  const refusal = useSelector(flow, (s) => s.context.refusal);
  useEffect(() => {
    if (step === 'done') onDone();
  }, [step, onDone]);

  if (step === 'editing') {
    return (
      <Stack gap="4" data-testid={`${testId}-form`}>
        {form}
        {open ? (
          <Button
            size="lg"
            onClick={() => flow.send({ type: 'review', draft })}
            data-testid={`${testId}-next`}
          >
            {t('placements.next')}
          </Button>
        ) : (
          <Text fontSize="sm" color="fg.error" data-testid={`${testId}-closed`}>
            {closedNote}
          </Text>
        )}
      </Stack>
    );
  }
  if (step === 'confirming' || step === 'submitting') {
    return (
      <Formik
        initialValues={{ fundPassword: '' }}
        validationSchema={passwordSchema}
        onSubmit={async ({ fundPassword }) => {
          flow.send({ type: 'confirm', fundPassword });
          await waitFor(flow, (s) => !s.matches('submitting'));
        }}
      >
        <Form noValidate data-testid={`${testId}-confirm`}>
          <Stack gap="4">
            <Text fontWeight="semibold">{t('placements.confirmTitle')}</Text>
            {summary}
            <FundPasswordFields
              busy={step === 'submitting'}
              onBack={() => flow.send({ type: 'back' })}
              backTestId={`${testId}-confirm-back`}
              submitTestId={`${testId}-confirm-submit`}
              submitLabel={submitLabel}
            />
          </Stack>
        </Form>
      </Formik>
    );
  }
  if (step === 'refused' && refusal) {
    return (
      <RefusalNote
        refusal={refusal}
        actionLabel={t('placements.edit')}
        onAction={() => flow.send({ type: 'edit' })}
        testId={`${testId}-refusal`}
      />
    );
  }
  return null;
}
