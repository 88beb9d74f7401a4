import errors from '../../../locales/ko/errors.json';
import fields from '../../../locales/ko/fields.json';

/** Error texts and field labels: loaded with the first screen that can show an error. */
export default { errors, fields };
