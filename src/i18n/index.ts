export { i18n, startI18n, switchLocale, currentLocale, loadScreenTexts } from './i18n';
export { translateRefusal, translateFieldError } from './translateRefusal';
