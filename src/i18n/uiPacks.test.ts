import { describe, expect, it } from 'vitest';
import { LOCALES } from '../../contract/languages';
import zhCNTexts from '../../locales/zh-CN/ui.json';
import { PACK_LOADERS } from './packLoaders';

/** Every key path of a nested pack, with its value. */
function leaves(pack: unknown, prefix = ''): Map<string, unknown> {
  const out = new Map<string, unknown>();
  if (typeof pack === 'object' && pack !== null) {
    for (const [key, value] of Object.entries(pack)) {
      const path = prefix ? `${prefix}.${key}` : key;
      if (typeof value === 'object' && value !== null) {
        for (const [k, v] of leaves(value, path)) out.set(k, v);
      } else out.set(path, value);
    }
  }
  return out;
}

const placeholders = (text: string) =>
  [...text.matchAll(/\{\{\s*(\w+)\s*\}\}|<(\w+)>/g)].map((m) => m[0]).sort();

describe('ui.json language packs', async () => {
  const packs = await Promise.all(
    LOCALES.map(async (locale) => ({
      locale,
      ui: leaves((await PACK_LOADERS[locale]()).default.ui),
    })),
  );
  const korean = packs.find((p) => p.locale === 'ko');
  if (!korean) throw new Error('no Korean pack');

  it.each(packs)('$locale has exactly the Korean key set', ({ ui }) => {
    expect([...ui.keys()].sort()).toEqual([...korean.ui.keys()].sort());
  });

  it.each(packs)('$locale has no empty or non-text values', ({ ui }) => {
    for (const [key, value] of ui) {
      expect(typeof value, key).toBe('string');
      expect((value as string).trim(), key).not.toBe('');
    }
  });

  it.each(packs)('$locale keeps the placeholders and tags of the Korean text', ({ ui }) => {
    for (const [key, value] of korean.ui) {
      expect(placeholders(String(ui.get(key))), key).toEqual(placeholders(String(value)));
    }
  });

  it('says deposit and withdrawal with one word each in Simplified Chinese (充值, 提现)', () => {
    // The whole file: the start pack and the screens pack each hold a part of it.
    // 入金 / 出金 are the back office's words; 买入金额 and 卖出金额 (buy, sell amounts) are not.
    const mixed = [...leaves(zhCNTexts)].filter(([, v]) => /(?<![买卖])[入出]金/.test(String(v)));
    expect(mixed.map(([k]) => k)).toEqual([]);
  });

  it('translates rather than copying English into the other packs', () => {
    const en = packs.find((p) => p.locale === 'en');
    for (const { locale, ui } of packs) {
      if (locale === 'en' || !en) continue;
      const copied = [...ui].filter(([k, v]) => v === en.ui.get(k) && /[a-z]{3,}/i.test(String(v)));
      expect(
        copied.map(([k]) => k),
        locale,
      ).toEqual([]);
    }
  });
});
