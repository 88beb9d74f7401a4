import errors from '../../../locales/en/errors.json';
import fields from '../../../locales/en/fields.json';

/** Error texts and field labels: loaded with the first screen that can show an error. */
export default { errors, fields };
