import ui from '../../../locales/zh-CN/ui.json';
import errors from '../../../locales/zh-CN/errors.json';
import fields from '../../../locales/zh-CN/fields.json';

/** Everything one language needs, in one chunk that loads only when that language is chosen. */
export default { ui, errors, fields };
