// ?raw: a module of its own, so the start pack's named imports of ui.json stay tree-shaken.
import uiText from '../../../locales/ko/ui.json?raw';
import errors from '../../../locales/ko/errors.json';
import fields from '../../../locales/ko/fields.json';
import lifecycles from '../../../locales/ko/lifecycles.json';

/**
 * Every screen's texts, error texts, field labels and lifecycle words: loaded with the first
 * screen past the start.
 */
export default { ui: JSON.parse(uiText) as Record<string, unknown>, errors, fields, lifecycles };
