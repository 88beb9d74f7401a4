import errors from '../../../locales/zh-CN/errors.json';
import fields from '../../../locales/zh-CN/fields.json';

/** Error texts and field labels: loaded with the first screen that can show an error. */
export default { errors, fields };
