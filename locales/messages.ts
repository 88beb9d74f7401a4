import type { Locale } from '../contract/languages';
import { fillTemplate } from '../contract/korean-particles';
import type { MessageCode, MessageParams, MessageText } from '../contract/schemas/messages';
import { CURRENCIES, formatMoney } from '../contract/money';
import type { Currency } from '../contract/money';
import koMessages from './ko/messages.json';
import enMessages from './en/messages.json';
import zhTwMessages from './zh-TW/messages.json';
import zhCnMessages from './zh-CN/messages.json';

/** Texts of the system's messages, per locale: a missing code does not compile. */
export const MESSAGE_TEXTS: Record<Locale, Record<MessageCode, MessageText>> = {
  ko: koMessages,
  en: enMessages,
  'zh-TW': zhTwMessages,
  'zh-CN': zhCnMessages,
};

const isCurrency = (value: unknown): value is Currency =>
  typeof value === 'string' && Object.hasOwn(CURRENCIES, value);

/**
 * A system message in `locale`: its code's texts filled with its parameters. `amount` is minor
 * units of `currency` (shown with the currency's sign); `price` whole won; other numbers are
 * grouped the locale's way.
 */
export function renderMessage(
  locale: Locale,
  code: MessageCode,
  params: MessageParams,
): MessageText {
  const valueOf = (name: string): string => {
    const value = params[name];
    if (value === undefined) return '';
    if (name === 'amount' && typeof value === 'number' && isCurrency(params.currency)) {
      return `${CURRENCIES[params.currency].symbol}${formatMoney(value, params.currency)}`;
    }
    if (name === 'price' && typeof value === 'number') return formatMoney(value, 'KRW');
    return typeof value === 'number' ? value.toLocaleString(locale) : value;
  };
  const text = MESSAGE_TEXTS[locale][code];
  return { title: fillTemplate(text.title, valueOf), body: fillTemplate(text.body, valueOf) };
}
