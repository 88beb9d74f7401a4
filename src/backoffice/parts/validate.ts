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

/**
 * A Formik `validate` answer from the contract's schema: every problem of `body`, in words, under
 * the form field it is about (`fieldOf` maps a schema path such as `lock.count` or
 * `leverages[0]` to the field; `labelOf` names the field). The first problem of a field wins.
 */
export function formErrors<Field extends string>(
  schema: Schema,
  body: unknown,
  fieldOf: (path: string) => Field,
  labelOf: (field: Field) => string,
): Partial<Record<Field, string>> {
  try {
    schema.validateSync(body, { strict: true, abortEarly: false });
    return {};
  } catch (invalid) {
    if (!(invalid instanceof ValidationError)) throw invalid;
    const errors: Partial<Record<Field, string>> = {};
    const problems = invalid.inner.length > 0 ? invalid.inner : [invalid];
    for (const problem of problems) {
      const field = fieldOf(problem.path ?? '');
      errors[field] ??= fieldErrorText(problem.message, labelOf(field));
    }
    return errors;
  }
}
