import { Field, Input } from '@chakra-ui/react';
import type { TFunction } from 'i18next';
import { useField, useFormikContext } from 'formik';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { DEFAULT_ERROR_PARAMS, isErrorCode } from '../../contract/errors';

interface IdentityFieldProps {
  /** The request field; also the input's name attribute, which tests and autofill use. */
  name: string;
  /** The label, also put into the error text ("{{field}} is required"). */
  label: string;
  type?: 'text' | 'password';
  inputMode?: 'text' | 'numeric';
  autoComplete?: string;
  placeholder?: string;
  maxLength?: number;
  helper?: ReactNode;
}

/**
 * Like `components/form/TextField`, but labelled from the screen's own texts: the identity
 * fields are not in the `fields` pack. Errors are the contract's codes, from the `errors` pack.
 */
export function IdentityField({
  name,
  label,
  type = 'text',
  inputMode,
  autoComplete = 'off',
  placeholder,
  maxLength,
  helper,
}: IdentityFieldProps) {
  const { t } = useTranslation();
  const [field, meta] = useField<string>(name);
  const { submitCount } = useFormikContext();
  const error = (meta.touched || submitCount > 0) && meta.error ? meta.error : undefined;
  return (
    <Field.Root invalid={error !== undefined}>
      <Field.Label fontSize="sm" color="fg.muted" fontWeight="medium">
        {label}
      </Field.Label>
      <Input
        {...field}
        id={`field-${name}`}
        type={type}
        inputMode={inputMode}
        pattern={inputMode === 'numeric' ? '[0-9]*' : undefined}
        autoComplete={autoComplete}
        placeholder={placeholder}
        maxLength={maxLength}
        size="lg"
        bg="bg"
        borderRadius="lg"
        data-testid={`input-${name}`}
      />
      {helper && !error ? <Field.HelperText fontSize="xs">{helper}</Field.HelperText> : null}
      {error ? (
        <Field.ErrorText fontSize="xs" data-testid={`error-${name}`}>
          {fieldErrorText(t, error, label)}
        </Field.ErrorText>
      ) : null}
    </Field.Root>
  );
}

/** A contract error code as the customer reads it, with this field's label in it. */
export function fieldErrorText(t: TFunction, code: string, label: string): string {
  if (!isErrorCode(code)) return t('ui:common.error');
  return t(`errors:${code}`, { ...DEFAULT_ERROR_PARAMS[code], field: label });
}
