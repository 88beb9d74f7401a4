import { beforeEach, describe, expect, it, vi } from 'vitest';

/** Each test starts a fresh i18n module: `startI18n` runs once per module. */
beforeEach(() => {
  vi.resetModules();
});

describe('startI18n', () => {
  it.each(['en', 'tw', 'cn', 'kor'] as const)(
    'starts on the stored language %s with it resolved, so dates are formatted in it',
    async (stored) => {
      const { i18n, startI18n } = await import('./i18n');
      const { localeOf } = await import('../../contract/languages');
      await startI18n(stored);
      expect(i18n.language).toBe(localeOf(stored));
      // Screens that format dates read the resolved language; unset, they fell back to Korean.
      expect(i18n.resolvedLanguage).toBe(localeOf(stored));
    },
  );
});
