// ?raw: a module of its own, so the start pack's named imports of ui.json stay tree-shaken.
import uiText from '../../../locales/zh-TW/ui.json?raw';
import errors from '../../../locales/zh-TW/errors.json';
import fields from '../../../locales/zh-TW/fields.json';
import lifecycles from '../../../locales/zh-TW/lifecycles.json';

/**
 * Every screen's texts, error texts, field labels and lifecycle words: loaded with the first
 * screen past the start.
 */
export default { ui: JSON.parse(uiText) as Record<string, unknown>, errors, fields, lifecycles };
