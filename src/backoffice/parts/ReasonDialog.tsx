import { Button, CloseButton, Dialog, Field, Portal, Text, Textarea } from '@chakra-ui/react';
import { useState } from 'react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { REASON_MAX_LENGTH } from '../../../contract/schemas/staff';

/** Asks for a reason (required, at most REASON_MAX_LENGTH characters) before an action. */
export function ReasonDialog({
  open,
  title,
  help,
  confirmLabel,
  onClose,
  onConfirm,
  reasonTestId = 'reason-input',
  confirmTestId = 'reason-confirm',
  danger = false,
}: {
  open: boolean;
  title: ReactNode;
  help?: ReactNode;
  confirmLabel: ReactNode;
  onClose: () => void;
  /** Resolves when done (the dialog closes); rejects to stay open. */
  onConfirm: (reason: string) => Promise<void>;
  reasonTestId?: string;
  confirmTestId?: string;
  danger?: boolean;
}) {
  const { t } = useTranslation();
  const [reason, setReason] = useState('');
  const [touched, setTouched] = useState(false);
  const [busy, setBusy] = useState(false);
  const empty = reason.trim() === '';

  const confirm = async () => {
    setTouched(true);
    if (empty) return;
    setBusy(true);
    try {
      await onConfirm(reason.trim());
      setReason('');
      setTouched(false);
    } catch {
      // stays open; the refusal was toasted
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog.Root
      open={open}
      onOpenChange={(details) => {
        if (!details.open) onClose();
      }}
      placement="center"
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            <Dialog.Header>
              <Dialog.Title>{title}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              {help ? (
                <Text fontSize="sm" color="fg.muted" mb="3">
                  {help}
                </Text>
              ) : null}
              <Field.Root required invalid={touched && empty}>
                <Field.Label>{t('common.reason')}</Field.Label>
                <Textarea
                  name="reason"
                  data-testid={reasonTestId}
                  rows={4}
                  maxLength={REASON_MAX_LENGTH}
                  value={reason}
                  onChange={(e) => setReason(e.currentTarget.value)}
                />
                <Field.HelperText>
                  {reason.length} / {REASON_MAX_LENGTH}
                </Field.HelperText>
                {touched && empty ? (
                  <Field.ErrorText>{t('common.reasonRequired')}</Field.ErrorText>
                ) : null}
              </Field.Root>
            </Dialog.Body>
            <Dialog.Footer>
              <Button variant="outline" onClick={onClose}>
                {t('common.cancel')}
              </Button>
              <Button
                data-testid={confirmTestId}
                colorPalette={danger ? 'red' : 'brand'}
                loading={busy}
                onClick={() => void confirm()}
              >
                {confirmLabel}
              </Button>
            </Dialog.Footer>
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
