import type { SchemaDescription, SchemaFieldDescription } from 'yup';
import type { AnySchema } from 'yup';

/** The subset of JSON Schema (2020-12, as OpenAPI 3.1 uses it) that the contract's schemas need. */
export interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  items?: JsonSchema;
  enum?: unknown[];
  const?: unknown;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  minItems?: number;
  maxItems?: number;
  pattern?: string;
  format?: string;
  description?: string;
  $ref?: string;
  oneOf?: JsonSchema[];
}

/** Converts a yup schema to JSON Schema through its public description. */
export function yupToJsonSchema(schema: AnySchema): JsonSchema {
  return fromDescription(schema.describe());
}

function isFull(d: SchemaFieldDescription): d is SchemaDescription {
  return 'tests' in d && 'oneOf' in d;
}

function fromDescription(d: SchemaFieldDescription): JsonSchema {
  // A reference (e.g. confirmPassword must equal password) or a lazy schema has no static shape.
  if (!isFull(d)) return {};
  const out: JsonSchema = {};
  const param = (test: string, key: string): number | undefined => {
    const value = d.tests.find((t) => t.name === test)?.params?.[key];
    return typeof value === 'number' ? value : undefined;
  };

  switch (d.type) {
    case 'string': {
      out.type = 'string';
      const length = param('length', 'length');
      out.minLength = length ?? param('min', 'min');
      out.maxLength = length ?? param('max', 'max');
      const regex = d.tests.find((t) => t.name === 'matches')?.params?.regex;
      if (regex instanceof RegExp) out.pattern = regex.source;
      if (d.tests.some((t) => t.name === 'email')) out.format = 'email';
      break;
    }
    case 'number':
      out.type = d.tests.some((t) => t.name === 'integer') ? 'integer' : 'number';
      out.minimum = param('min', 'min');
      out.maximum = param('max', 'max');
      out.exclusiveMinimum = param('min', 'more');
      out.exclusiveMaximum = param('max', 'less');
      break;
    case 'boolean':
      out.type = 'boolean';
      break;
    case 'array':
      out.type = 'array';
      if ('innerType' in d && d.innerType && !Array.isArray(d.innerType)) {
        out.items = fromDescription(d.innerType);
      }
      out.minItems = param('min', 'min');
      out.maxItems = param('max', 'max');
      break;
    case 'object': {
      out.type = 'object';
      const fields = 'fields' in d ? d.fields : {};
      out.properties = Object.fromEntries(
        Object.entries(fields).map(([name, field]) => [name, fromDescription(field)]),
      );
      const required = Object.entries(fields)
        .filter(([, field]) => isFull(field) && !field.optional)
        .map(([name]) => name);
      if (required.length > 0) out.required = required;
      if (d.tests.some((t) => t.name === 'noUnknown')) out.additionalProperties = false;
      break;
    }
    default:
      // mixed: no type of its own; its allowed values below say what it is.
      break;
  }

  // Allowed values, leaving out references to sibling fields, which JSON Schema cannot express.
  const literals = d.oneOf.filter((v) => !isReference(v));
  if (literals.length > 0) out.enum = d.nullable ? [...literals, null] : literals;
  if (d.nullable && typeof out.type === 'string') out.type = [out.type, 'null'];
  return dropUndefined(out);
}

function isReference(value: unknown): boolean {
  return (
    typeof value === 'object' && value !== null && (value as { type?: unknown }).type === 'ref'
  );
}

function dropUndefined(schema: JsonSchema): JsonSchema {
  return Object.fromEntries(Object.entries(schema).filter(([, v]) => v !== undefined));
}
