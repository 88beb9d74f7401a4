import ui from '../../../locales/zh-TW/ui.json';
import errors from '../../../locales/zh-TW/errors.json';
import fields from '../../../locales/zh-TW/fields.json';

/** Everything one language needs, in one chunk that loads only when that language is chosen. */
export default { ui, errors, fields };
