import { array, boolean, mixed, number, object, ref, string } from 'yup';
import { describe, expect, it } from 'vitest';
import { yupToJsonSchema } from './openapi';

describe('yupToJsonSchema', () => {
  it('converts strings with lengths and patterns', () => {
    expect(
      yupToJsonSchema(
        string()
          .required()
          .min(2)
          .max(9)
          .matches(/^[a-z]+$/),
      ),
    ).toEqual({
      type: 'string',
      minLength: 2,
      maxLength: 9,
      pattern: '^[a-z]+$',
    });
  });

  it('converts integers and bounded numbers', () => {
    expect(yupToJsonSchema(number().integer().min(0).max(100))).toEqual({
      type: 'integer',
      minimum: 0,
      maximum: 100,
    });
    expect(yupToJsonSchema(number().moreThan(0))).toEqual({ type: 'number', exclusiveMinimum: 0 });
  });

  it('converts objects with required fields, nullable values and no unknown keys', () => {
    const schema = object({
      a: string().required(),
      b: string().nullable().defined(),
      c: boolean(),
    }).noUnknown();
    expect(yupToJsonSchema(schema)).toEqual({
      type: 'object',
      properties: {
        a: { type: 'string' },
        b: { type: ['string', 'null'] },
        c: { type: 'boolean' },
      },
      required: ['a', 'b'],
      additionalProperties: false,
    });
  });

  it('converts arrays, mixed oneOf enums and leaves references out', () => {
    expect(
      yupToJsonSchema(
        array(mixed().oneOf(['A', 'B']).required())
          .min(1)
          .max(3),
      ),
    ).toEqual({
      type: 'array',
      items: { enum: ['A', 'B'] },
      minItems: 1,
      maxItems: 3,
    });
    const withRef = object({ p: string(), q: string().oneOf([ref('p')]) });
    expect(yupToJsonSchema(withRef).properties?.q).toEqual({ type: 'string' });
    expect(yupToJsonSchema(mixed().oneOf(['x']).nullable())).toEqual({ enum: ['x', null] });
  });
});
