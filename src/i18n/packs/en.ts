import ui from '../../../locales/en/ui.json';
import errors from '../../../locales/en/errors.json';
import fields from '../../../locales/en/fields.json';

/** Everything one language needs, in one chunk that loads only when that language is chosen. */
export default { ui, errors, fields };
