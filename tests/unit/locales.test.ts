import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { DEFAULT_ERROR_PARAMS, ERROR_CODES, LOCALES, PARTICLE_FALLBACK } from '../../contract';
import {
  ERROR_TEXTS,
  FIELD_LABELS,
  eventWords,
  formatErrorMessage,
  stateWords,
} from '../../locales';
import { LIFECYCLES, chartNodes, describeChart } from '../../machines';

const localesDir = fileURLToPath(new URL('../../locales', import.meta.url));

/** Every leaf of a pack as [path, text]; keys may themselves contain dots, so paths join with '/'. */
function leavesOf(value: unknown, prefix = ''): [string, unknown][] {
  if (typeof value !== 'object' || value === null) return [[prefix, value]];
  return Object.entries(value).flatMap(([key, inner]) =>
    leavesOf(inner, prefix ? `${prefix}/${key}` : key),
  );
}

describe('the text packs', () => {
  it('exist for the four locales, each with the same files', () => {
    const files = LOCALES.map((locale) => readdirSync(join(localesDir, locale)).sort().join(','));
    expect(new Set(files).size).toBe(1);
  });

  it('have the same keys and no empty text in every file, in every locale', () => {
    const files = readdirSync(join(localesDir, 'ko')).filter((f) => f.endsWith('.json'));
    for (const file of files) {
      const packs = LOCALES.map(
        (locale) => JSON.parse(readFileSync(join(localesDir, locale, file), 'utf8')) as unknown,
      );
      const reference = leavesOf(packs[0])
        .map(([path]) => path)
        .sort();
      packs.forEach((pack, i) => {
        const leaves = leavesOf(pack);
        expect(leaves.map(([path]) => path).sort(), `${LOCALES[i]}/${file}`).toEqual(reference);
        for (const [path, text] of leaves) {
          expect(
            typeof text === 'string' && text.trim() !== '',
            `${LOCALES[i]}/${file}: ${path}`,
          ).toBe(true);
        }
      });
    }
  });

  it('leave no "을(를)"-style particle fallback in the Korean texts', () => {
    const koDir = join(localesDir, 'ko');
    const leftovers = readdirSync(koDir)
      .filter((f) => f.endsWith('.json'))
      .flatMap((file) =>
        leavesOf(JSON.parse(readFileSync(join(koDir, file), 'utf8')) as unknown)
          .filter(([, text]) => typeof text === 'string' && PARTICLE_FALLBACK.test(text))
          .map(([path, text]) => `${file}: ${path}: ${String(text)}`),
      );
    expect(leftovers).toEqual([]);
    // The check itself catches each fallback form.
    for (const text of ['이름을(를)', '값이(가)', '코드은(는)', '계좌와(과)', '지점(으)로'])
      expect(PARTICLE_FALLBACK.test(text), text).toBe(true);
    expect(PARTICLE_FALLBACK.test('비밀번호를 입력하세요. (영문)')).toBe(false);
  });

  it('give every error code a text in every locale', () => {
    for (const locale of LOCALES) {
      expect(Object.keys(ERROR_TEXTS[locale]).sort()).toEqual([...ERROR_CODES].sort());
    }
  });
});

describe('the lifecycle words', () => {
  it('name every event and state of every lifecycle machine, in every locale', () => {
    for (const [entity, { machine }] of Object.entries(LIFECYCLES)) {
      const model = describeChart(machine);
      // Eventless, delayed and initial transitions are labelled by kind, not by words.
      const events = model.edges
        .map((e) => e.event)
        .filter((e) => e !== '' && e !== 'always' && e !== 'done' && !e.startsWith('after '));
      for (const locale of LOCALES) {
        for (const event of events)
          expect(eventWords(locale, event), `${locale} ${event}`).toBeTruthy();
        for (const { path } of chartNodes(model)) {
          expect(stateWords(locale, entity, path), `${locale} ${entity}.${path}`).toBeTruthy();
        }
      }
    }
  });

  it('answer nothing for unknown ids, even inherited property names', () => {
    expect(eventWords('ko', 'review.approve')).toBe('심사 승인');
    expect(stateWords('en', 'kyc', 'under_review.waiting')).toBe('Awaiting review');
    expect(eventWords('ko', 'constructor')).toBeUndefined();
    expect(stateWords('ko', 'kyc', 'nowhere')).toBeUndefined();
  });
});

describe('formatErrorMessage', () => {
  it('fills parameters and shows a field by its label in that language', () => {
    expect(formatErrorMessage('en', 'request.required', { field: 'confirmPassword' })).toBe(
      'Please fill in Confirm password.',
    );
    expect(formatErrorMessage('ko', 'request.required', { field: 'account' })).toBe(
      '계정을 입력하세요.',
    );
    // The particle follows the label's last syllable: 비밀번호 ends in a vowel, 실명 in ㅇ.
    expect(formatErrorMessage('ko', 'request.required', { field: 'password' })).toBe(
      '비밀번호를 입력하세요.',
    );
    expect(formatErrorMessage('ko', 'request.too_short', { field: 'realName' })).toBe(
      '실명이 너무 짧습니다.',
    );
    expect(formatErrorMessage('ko', 'request.too_long', { field: 'password' })).toBe(
      '비밀번호가 너무 깁니다.',
    );
    expect(
      formatErrorMessage(
        'en',
        'account.password_too_short',
        DEFAULT_ERROR_PARAMS['account.password_too_short'],
      ),
    ).toBe('The password needs at least 8 characters.');
    expect(FIELD_LABELS['zh-TW'].account).toBe('帳號');
  });
});
