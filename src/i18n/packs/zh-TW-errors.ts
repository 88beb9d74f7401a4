import errors from '../../../locales/zh-TW/errors.json';
import fields from '../../../locales/zh-TW/fields.json';

/** Error texts and field labels: loaded with the first screen that can show an error. */
export default { errors, fields };
