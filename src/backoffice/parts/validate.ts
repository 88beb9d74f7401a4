import { ValidationError } from 'yup';
import type { Schema } from 'yup';
import { fieldErrorText } from '../i18n';

/**
 * Checks a request body with the contract's schema before it is sent: the first problem in
 * words (the field's name given by `fieldName`), or null when the body passes.
 */
export function firstInvalid(
  schema: Schema,
  body: unknown,
  fieldName: (field: string) => string,
): string | null {
  try {
    schema.validateSync(body, { strict: true, abortEarly: true });
    return null;
  } catch (invalid) {
    if (!(invalid instanceof ValidationError)) throw invalid;
    return fieldErrorText(invalid.message, fieldName(invalid.path ?? ''));
  }
}
