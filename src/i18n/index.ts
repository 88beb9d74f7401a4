export { i18n, startI18n, switchLocale, currentLocale, loadErrorTexts } from './i18n';
export { translateRefusal, translateFieldError } from './translateRefusal';
