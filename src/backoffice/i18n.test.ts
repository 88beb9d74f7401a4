import { beforeAll, describe, expect, it } from 'vitest';
import type { AnyStateNode } from 'xstate';
import { LANGUAGES } from '../../contract/languages';
import ko from '../../locales/ko/backoffice.json';
import en from '../../locales/en/backoffice.json';
import zhTW from '../../locales/zh-TW/backoffice.json';
import zhCN from '../../locales/zh-CN/backoffice.json';
import koLifecycles from '../../locales/ko/lifecycles.json';
import enLifecycles from '../../locales/en/lifecycles.json';
import zhTWLifecycles from '../../locales/zh-TW/lifecycles.json';
import zhCNLifecycles from '../../locales/zh-CN/lifecycles.json';
import { fieldErrorText, startBackofficeI18n, switchBackofficeLocale } from './i18n';
import { LIFECYCLE_MACHINES } from './parts/lifecycles';

describe('back office texts', () => {
  beforeAll(() => startBackofficeI18n('ko'));

  it('attach the Korean particle that follows the field label', async () => {
    await switchBackofficeLocale('ko');
    expect(fieldErrorText('request.required', '이름')).toBe('이름을 입력하세요.');
    expect(fieldErrorText('request.required', '비밀번호')).toBe('비밀번호를 입력하세요.');
    expect(fieldErrorText('request.too_short', '사유')).toBe('사유가 너무 짧습니다.');
  });
});

/** Every leaf key of a pack as a dotted path, with its text. */
function entries(pack: object, prefix = ''): [string, unknown][] {
  return Object.entries(pack).flatMap(([key, value]): [string, unknown][] =>
    typeof value === 'object' && value !== null
      ? entries(value as object, `${prefix}${key}.`)
      : [[`${prefix}${key}`, value]],
  );
}

const PACKS = { ko, en, 'zh-TW': zhTW, 'zh-CN': zhCN };
const LIFECYCLE_PACKS = {
  ko: koLifecycles,
  en: enLifecycles,
  'zh-TW': zhTWLifecycles,
  'zh-CN': zhCNLifecycles,
};

describe('the four languages', () => {
  it('cover every locale the app offers', () => {
    expect(Object.keys(PACKS).sort()).toEqual(LANGUAGES.map((l) => l.locale).sort());
  });

  it('have the same keys, each with a text, in every back-office pack', () => {
    const keys = entries(en).map(([key]) => key);
    // The trading screens' sections are among them (issue 11).
    for (const section of ['trade.', 'products.', 'orders.', 'block.', 'nav.block']) {
      expect(keys.some((key) => key.startsWith(section))).toBe(true);
    }
    for (const [locale, pack] of Object.entries(PACKS)) {
      const own = entries(pack);
      expect(own.map(([key]) => key).sort(), locale).toEqual([...keys].sort());
      for (const [key, text] of own) {
        expect(typeof text === 'string' && text.trim() !== '', `${locale} ${key}`).toBe(true);
      }
    }
  });

  it('name every state of the order and block-application machines', () => {
    const paths = (node: AnyStateNode, prefix: string): string[] =>
      Object.entries(node.states).flatMap(([key, child]) => [
        `${prefix}${key}`,
        ...paths(child, `${prefix}${key}.`),
      ]);
    for (const type of ['order', 'blockApplication'] as const) {
      const states = paths(LIFECYCLE_MACHINES[type].root, `${type}.`);
      expect(states.length).toBeGreaterThan(2);
      for (const [locale, pack] of Object.entries(LIFECYCLE_PACKS)) {
        const named = pack.states as Record<string, string>;
        expect(
          states.filter((state) => !named[state]),
          locale,
        ).toEqual([]);
      }
    }
  });
});
