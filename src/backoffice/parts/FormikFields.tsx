import { Button, Field, HStack, Input, NativeSelect } from '@chakra-ui/react';
import { useField, useFormikContext } from 'formik';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** A field's error once it was left or the form submitted (the error is already in words). */
function useShownError(name: string): string | undefined {
  const [, meta] = useField<string>(name);
  const { submitCount } = useFormikContext();
  return (meta.touched || submitCount > 0) && meta.error ? meta.error : undefined;
}

/** A back-office text input bound to a Formik field, its label, unit and error. */
export function FormikInput({
  name,
  label,
  helper,
  inputMode,
  type = 'text',
  testId,
}: {
  name: string;
  label: string;
  helper?: ReactNode;
  inputMode?: 'numeric' | 'decimal' | 'text';
  type?: 'text' | 'datetime-local';
  testId: string;
}) {
  const [field] = useField<string>(name);
  const error = useShownError(name);
  return (
    <Field.Root id={`field-${name}`} invalid={error !== undefined}>
      <Field.Label>{label}</Field.Label>
      <Input {...field} size="sm" type={type} inputMode={inputMode} data-testid={testId} />
      {helper && !error ? <Field.HelperText>{helper}</Field.HelperText> : null}
      {error ? <Field.ErrorText data-testid={`${testId}-error`}>{error}</Field.ErrorText> : null}
    </Field.Root>
  );
}

/** A back-office select bound to a Formik field. */
export function FormikSelect({
  name,
  label,
  testId,
  children,
}: {
  name: string;
  label: string;
  testId: string;
  children: ReactNode;
}) {
  const [field] = useField<string>(name);
  const error = useShownError(name);
  return (
    <Field.Root invalid={error !== undefined}>
      <Field.Label>{label}</Field.Label>
      <NativeSelect.Root size="sm">
        <NativeSelect.Field {...field} data-testid={testId} aria-label={label}>
          {children}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
      {error ? <Field.ErrorText>{error}</Field.ErrorText> : null}
    </Field.Root>
  );
}

/** A form's submit button and its cancel, which waits while the form is being sent. */
export function FormActions({
  label,
  testId,
  submitting,
  disabled,
  onCancel,
}: {
  label: string;
  testId: string;
  submitting: boolean;
  /** The submit button's, e.g. while nothing was changed. */
  disabled?: boolean;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  return (
    <HStack gap="3">
      <Button type="submit" data-testid={testId} loading={submitting} disabled={disabled}>
        {label}
      </Button>
      <Button variant="outline" onClick={onCancel} disabled={submitting}>
        {t('common.cancel')}
      </Button>
    </HStack>
  );
}
