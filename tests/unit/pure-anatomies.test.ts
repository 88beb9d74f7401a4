import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { pureAnatomies } from '../../build/pure-anatomies';

type Handler = (code: string, id: string) => { code: string } | null;
const { transform } = pureAnatomies() as unknown as {
  transform: { filter: { id: RegExp }; handler: Handler };
};
const require = createRequire(import.meta.url);

describe('the pure-anatomies build step', () => {
  it('marks the parts build of zag and ark anatomy modules pure, so an unused one is dropped', () => {
    const zag = require.resolve('@zag-js/accordion').replace(/[^/]*$/, 'accordion.anatomy.mjs');
    const out = transform.handler(readFileSync(zag, 'utf8'), zag);
    expect(out?.code).toContain('var parts = /* @__PURE__ */ anatomy.build();');
    const ark =
      'var fieldAnatomy = createAnatomy("field").parts("root");\nvar parts = fieldAnatomy.build();';
    expect(transform.handler(ark, 'x/@ark-ui/react/field.anatomy.js')?.code).toContain(
      'var parts = /* @__PURE__ */ fieldAnatomy.build();',
    );
  });

  it('applies to anatomy modules only, and leaves a module without the call alone', () => {
    expect(transform.filter.id.test('/n/@zag-js/dialog/dist/dialog.anatomy.mjs')).toBe(true);
    expect(
      transform.filter.id.test('/n/@ark-ui/react/dist/components/field/field.anatomy.js'),
    ).toBe(true);
    expect(transform.filter.id.test('/n/@zag-js/dialog/dist/dialog.machine.mjs')).toBe(false);
    expect(transform.handler('export const x = 1;', 'a.anatomy.mjs')).toBeNull();
  });
});
