import {
  Alert,
  Button,
  CloseButton,
  Dialog,
  Field,
  Portal,
  Text,
  Textarea,
} from '@chakra-ui/react';
import { shallowEqual, useActorRef, useSelector } from '@xstate/react';
import { useEffect, useState } from 'react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { fromPromise } from 'xstate';
import type { ActorRefFrom } from 'xstate';
import { REASON_MAX_LENGTH } from '../../../contract/schemas/staff';
import { reasonAcceptable, reviewDecisionMachine } from '../../../machines/flows/review-decision';
import type {
  DecisionInput,
  LifecycleStatus,
  ReasonRule,
  ReviewDecisionEmitted,
} from '../../../machines/flows/review-decision';
import { refusalText } from '../i18n';

export type DecisionFlow = ActorRefFrom<typeof reviewDecisionMachine>;

/**
 * A `review-decision` actor whose call is `decide`, reporting each decision taken to
 * `onDecided`. The actor is made once, with the first render's `decide`: a screen keys the
 * component by the entity it decides on, so that function never refers to another one.
 */
export function useDecisionFlow({
  decide,
  onDecided,
  conflictCodes,
}: {
  decide: (input: DecisionInput) => Promise<LifecycleStatus>;
  onDecided: (event: ReviewDecisionEmitted) => void;
  /** Codes that mean "changed meanwhile" besides lifecycle.conflict. */
  conflictCodes?: readonly string[];
}): DecisionFlow {
  const [machine] = useState(() =>
    reviewDecisionMachine.provide({
      actors: {
        decide: fromPromise<LifecycleStatus, DecisionInput>(({ input }) => decide(input)),
      },
    }),
  );
  const flow = useActorRef(machine, { input: { conflictCodes } });
  useEffect(() => {
    const subscription = flow.on('decided', onDecided);
    return () => subscription.unsubscribe();
  }, [flow, onDecided]);
  return flow;
}

/** How the confirmation sheet words one decision. */
export interface DecisionWording {
  title: ReactNode;
  help?: ReactNode;
  confirmLabel: ReactNode;
  danger?: boolean;
  reasonTestId?: string;
  confirmTestId?: string;
  /** What the text field asks for, when not a reason (a payment's bank reference). */
  reasonLabel?: ReactNode;
  /** Said when that field is left empty. */
  reasonMissing?: ReactNode;
}

/**
 * The confirmation sheet of a decision flow: open while the flow is confirming, submitting, or
 * refused for a reason other than a conflict (the refusal shown, to fix and confirm again). The
 * reason field shows when the decision takes one and says when it is missing.
 */
export function DecisionSheet({
  flow,
  wording,
}: {
  flow: DecisionFlow;
  wording: (decision: string) => DecisionWording;
}) {
  const { t } = useTranslation();
  const view = useSelector(
    flow,
    (s) => ({
      open: s.matches('confirming') || s.matches('submitting') || s.matches({ refused: 'other' }),
      submitting: s.matches('submitting'),
      refused: s.matches({ refused: 'other' }),
      decision: s.context.decision,
      reason: s.context.reason,
      rule: s.context.reasonRule,
      attempted: s.context.attempted,
      refusal: s.context.refusal,
    }),
    shallowEqual,
  );
  if (view.decision === null) return null;
  const words = wording(view.decision);
  const invalid = view.attempted && !reasonAcceptable(view.rule, view.reason);
  const cancel = () => {
    if (!view.submitting) flow.send({ type: 'decision.cancel' });
  };

  return (
    <Dialog.Root
      open={view.open}
      onOpenChange={(details) => {
        if (!details.open) cancel();
      }}
      placement="center"
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content data-testid="decision-sheet" data-decision={view.decision}>
            <Dialog.Header>
              <Dialog.Title>{words.title}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              {words.help ? (
                <Text fontSize="sm" color="fg.muted" mb="3">
                  {words.help}
                </Text>
              ) : null}
              {view.refused && view.refusal ? (
                <Alert.Root status="error" mb="3" data-testid="decision-refused">
                  <Alert.Indicator />
                  <Alert.Description>
                    {refusalText(view.refusal.code, view.refusal.params, undefined)}
                  </Alert.Description>
                </Alert.Root>
              ) : null}
              {view.rule === 'none' ? null : (
                <Field.Root required={view.rule === 'required'} invalid={invalid}>
                  <Field.Label>{words.reasonLabel ?? t('common.reason')}</Field.Label>
                  <Textarea
                    name="reason"
                    data-testid={words.reasonTestId ?? 'reason-input'}
                    rows={4}
                    maxLength={REASON_MAX_LENGTH}
                    value={view.reason}
                    disabled={view.submitting}
                    onChange={(e) =>
                      flow.send({ type: 'reason.change', reason: e.currentTarget.value })
                    }
                  />
                  <Field.HelperText>
                    {view.reason.length} / {REASON_MAX_LENGTH}
                  </Field.HelperText>
                  {invalid ? (
                    <Field.ErrorText>
                      {words.reasonMissing ?? t('common.reasonRequired')}
                    </Field.ErrorText>
                  ) : null}
                </Field.Root>
              )}
            </Dialog.Body>
            <Dialog.Footer>
              <Button variant="outline" onClick={cancel} disabled={view.submitting}>
                {t('common.cancel')}
              </Button>
              <Button
                data-testid={words.confirmTestId ?? 'decision-confirm'}
                colorPalette={words.danger ? 'red' : 'brand'}
                loading={view.submitting}
                onClick={() => flow.send({ type: 'decision.confirm' })}
              >
                {words.confirmLabel}
              </Button>
            </Dialog.Footer>
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" disabled={view.submitting} />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}

/**
 * Shown while a decision flow is refused because the entity changed meanwhile: the decision was
 * not taken; reloading resets the flow and fetches the entity as it is now.
 */
export function ConflictAlert({
  flow,
  onReload,
  testId,
}: {
  flow: DecisionFlow;
  onReload: () => void;
  testId: string;
}) {
  const { t } = useTranslation();
  const conflict = useSelector(flow, (s) => s.matches({ refused: 'conflict' }));
  if (!conflict) return null;
  return (
    <Alert.Root status="warning" mb="4" data-testid={testId}>
      <Alert.Indicator />
      <Alert.Content>
        <Alert.Title>{t('decision.conflictTitle')}</Alert.Title>
        <Alert.Description>{t('decision.conflictHelp')}</Alert.Description>
      </Alert.Content>
      <Button
        size="sm"
        data-testid={`${testId}-reload`}
        onClick={() => {
          flow.send({ type: 'decision.reload' });
          onReload();
        }}
      >
        {t('common.reload')}
      </Button>
    </Alert.Root>
  );
}

/** Whether the flow is free to start a decision (not mid-way through one, not in conflict). */
export function useFlowIdle(flow: DecisionFlow): boolean {
  return useSelector(flow, (s) => s.matches('idle') || s.matches('done'));
}

/** How a decision's button looks, and whether its confirmation asks for a reason. */
export interface DecisionLook {
  palette: string;
  variant: 'solid' | 'outline';
  reason: ReasonRule;
}

/**
 * The button of one decision: it opens the confirmation for the version the screen shows, and
 * waits while the flow is busy with another.
 */
export function DecisionButton({
  flow,
  decision,
  version,
  look,
  testId,
  size,
  children,
}: {
  flow: DecisionFlow;
  decision: string;
  version: number;
  look: DecisionLook;
  testId: string;
  size?: 'xs' | 'sm';
  children: ReactNode;
}) {
  const free = useFlowIdle(flow);
  return (
    <Button
      size={size}
      data-testid={testId}
      colorPalette={look.palette}
      variant={look.variant}
      disabled={!free}
      onClick={() => flow.send({ type: 'decision.choose', decision, version, reason: look.reason })}
    >
      {children}
    </Button>
  );
}
