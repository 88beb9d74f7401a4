import { Field, Input } from '@chakra-ui/react';
import { useField, useFormikContext } from 'formik';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { translateFieldError } from '../../i18n/translateRefusal';

interface TextFieldProps {
  /** The request field name; also the input's name attribute, which tests and autofill use. */
  name: string;
  type?: 'text' | 'password' | 'tel';
  autoComplete?: string;
  placeholder?: string;
  helper?: ReactNode;
  inputMode?: 'text' | 'numeric' | 'tel' | 'email';
  maxLength?: number;
  /** The visible label when a screen words it differently; errors still use the `fields` label. */
  label?: string;
}

/**
 * A Formik-bound input with its label from the `fields` pack and its error (a contract error
 * code) translated from the `errors` pack, shown once the field was left or the form submitted.
 */
export function TextField({
  name,
  type = 'text',
  autoComplete,
  placeholder,
  helper,
  inputMode,
  maxLength,
  label,
}: TextFieldProps) {
  const { t } = useTranslation();
  const [field, meta] = useField<string>(name);
  const { submitCount } = useFormikContext();
  const error = (meta.touched || submitCount > 0) && meta.error ? meta.error : undefined;
  return (
    // The id goes on the root: the field gives it to the input and to the label's `for`. On the
    // input alone it left the label pointing at a generated id, and the input without a name.
    <Field.Root id={`field-${name}`} invalid={error !== undefined}>
      <Field.Label fontSize="sm" color="fg.muted" fontWeight="medium">
        {label ?? t(`fields:${name}`)}
      </Field.Label>
      <Input
        {...field}
        type={type}
        autoComplete={autoComplete}
        placeholder={placeholder}
        inputMode={inputMode}
        // Numeric fields (PINs, ID numbers) bring up the digit keypad on phones.
        pattern={inputMode === 'numeric' ? '[0-9]*' : undefined}
        maxLength={maxLength}
        size="lg"
        bg="bg"
        borderRadius="lg"
        data-testid={`input-${name}`}
      />
      {helper && !error ? <Field.HelperText fontSize="xs">{helper}</Field.HelperText> : null}
      {error ? (
        <Field.ErrorText fontSize="xs" data-testid={`error-${name}`}>
          {translateFieldError(error, name)}
        </Field.ErrorText>
      ) : null}
    </Field.Root>
  );
}
