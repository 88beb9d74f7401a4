import type { AnySchema, InferType } from 'yup';
import { ObjectSchema, ValidationError } from 'yup';
import { hasInvalidCharacters, isErrorCode } from '../../contract';
import { ApiRefusal } from './refusal';

/**
 * Validates a request body with its contract schema, as the client's form does. `strict` means
 * nothing is coerced: "1" is not a number and " a " is not trimmed, so what is stored is what was
 * sent. The refusal names the field but never echoes its value.
 */
export async function validateBody<S extends AnySchema>(
  schema: S,
  body: unknown,
): Promise<InferType<S>> {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    throw new ApiRefusal('request.wrong_type', { field: 'body' });
  }
  let valid: InferType<S>;
  try {
    valid = await schema.validate(body, { strict: true, abortEarly: false });
  } catch (error) {
    if (!(error instanceof ValidationError)) throw error;
    const first = firstError(schema, error);
    const code = isErrorCode(first.message) ? first.message : 'request.invalid';
    throw new ApiRefusal(code, { field: first.path || 'body' });
  }
  // Every string schema refuses these itself (contract/schemas/fields.ts `text()`); this catches
  // a schema written without it before the value can reach the database.
  const unsafe = invalidTextPath(valid, '');
  if (unsafe !== null) {
    throw new ApiRefusal('request.invalid_characters', { field: unsafe || 'body' });
  }
  return valid;
}

/** The path of the first string (value or key) holding a NUL or a lone surrogate, else null. */
function invalidTextPath(value: unknown, path: string): string | null {
  if (typeof value === 'string') return hasInvalidCharacters(value) ? path : null;
  if (Array.isArray(value)) {
    for (const [index, item] of value.entries()) {
      const found = invalidTextPath(item, `${path}[${index}]`);
      if (found !== null) return found;
    }
    return null;
  }
  if (typeof value === 'object' && value !== null) {
    for (const [key, item] of Object.entries(value)) {
      const at = path ? `${path}.${key}` : key;
      if (hasInvalidCharacters(key)) return path || 'body';
      const found = invalidTextPath(item, at);
      if (found !== null) return found;
    }
  }
  return null;
}

/**
 * The error to report when several fields fail. yup's abortEarly stops at whichever test settles
 * first, which is not the form's order (an empty form would complain about the last checkbox, a
 * missing password as a confirmation mismatch). So every error is collected and the one for the
 * whole body (unknown fields) wins, then the first field in the schema's order, then that field's
 * first test (type, then presence, then the rest).
 */
function firstError(schema: AnySchema, error: ValidationError): ValidationError {
  const errors = error.inner.length > 0 ? error.inner : [error];
  const order = schema instanceof ObjectSchema ? Object.keys(schema.fields as object) : [];
  const rank = (e: ValidationError) => {
    if (!e.path) return -1;
    const top = e.path.split(/[.[]/)[0] ?? '';
    const index = order.indexOf(top);
    return index === -1 ? order.length : index;
  };
  return errors.reduce((best, e) => (rank(e) < rank(best) ? e : best));
}
