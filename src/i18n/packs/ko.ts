import ui from '../../../locales/ko/ui.json';
import errors from '../../../locales/ko/errors.json';
import fields from '../../../locales/ko/fields.json';

/** Everything one language needs, in one chunk that loads only when that language is chosen. */
export default { ui, errors, fields };
