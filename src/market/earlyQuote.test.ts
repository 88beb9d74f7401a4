import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { sessionStore } from '../session/sessionStore';
import { earlyQuoteView, paintEarlyQuote } from './earlyQuote';
import { DIRECTION_COLOR } from './format';

const ANSWER = {
  feed: { simulated: true, source: 'simulator', demo: false, label: 'Simulated market' },
  stock: {
    code: '005930',
    nameKo: '삼성전자',
    nameEn: 'Samsung Electronics',
    market: 'KOSPI',
    price: 199_400,
    change: -600,
    changeRate: -0.003,
  },
};
const TEXTS = { simulatedShort: '모의 시세' };

const text = (view: HTMLElement | null, selector: string) =>
  view?.querySelector(selector)?.textContent ?? null;

describe('the early quote drawn from the detail answer', () => {
  it('draws the name in the language, the code, the price and the change in its colour', () => {
    const ko = earlyQuoteView(ANSWER, 'ko', TEXTS);
    expect(text(ko, '.maru-early-title')).toBe('삼성전자');
    expect(text(ko, '.maru-quote-stock')).toBe('삼성전자');
    expect(text(ko, '.maru-quote-code')).toBe('005930 · KOSPI');
    expect(text(ko, '[data-testid="stock-price"]')).toBe('199,400');
    expect(text(ko, '.maru-quote-change')).toBe('▼ 600 -0.30%');
    // Down is blue in Korea.
    expect(ko?.querySelector<HTMLElement>('.maru-quote-price')?.style.color).toBe(
      DIRECTION_COLOR.down,
    );
    expect(ko?.getAttribute('aria-busy')).toBe('true');
    expect(text(earlyQuoteView(ANSWER, 'zh-TW', TEXTS), '.maru-quote-stock')).toBe(
      'Samsung Electronics',
    );
  });

  it('says the market is simulated unless the feed says it is real', () => {
    const badge = (feed: unknown) =>
      earlyQuoteView({ ...ANSWER, feed }, 'ko', TEXTS)?.querySelector(
        '[data-testid="simulated-badge"]',
      );
    expect(badge(ANSWER.feed)?.textContent).toBe('모의 시세');
    expect(badge(ANSWER.feed)?.getAttribute('title')).toBe('Simulated market');
    expect(badge(undefined)?.textContent).toBe('모의 시세');
    expect(badge({ ...ANSWER.feed, simulated: false })).toBeNull();
  });

  it('draws nothing from an answer that lacks a figure, or is not a detail at all', () => {
    for (const broken of [
      null,
      'text',
      {},
      { stock: { ...ANSWER.stock, price: null } },
      { stock: { ...ANSWER.stock, changeRate: Number.NaN } },
      { stock: { ...ANSWER.stock, nameEn: undefined } },
    ])
      expect(earlyQuoteView(broken, 'ko', TEXTS)).toBeNull();
  });

  it('writes names as text, never as markup', () => {
    const view = earlyQuoteView(
      { ...ANSWER, stock: { ...ANSWER.stock, nameKo: '<img src=x onerror=alert(1)>' } },
      'ko',
      TEXTS,
    );
    expect(view?.querySelector('img')).toBeNull();
    expect(text(view, '.maru-quote-stock')).toBe('<img src=x onerror=alert(1)>');
  });
});

describe('painting it in place of the splash', () => {
  const STOCK = '#/market/stockDetail?code=005930';
  const SPLASH = '<div class="boot-splash" data-testid="boot-splash"></div>';
  let root: HTMLElement;
  beforeEach(() => {
    sessionStore.signIn('tok', 'acct');
    root = document.createElement('div');
    root.id = 'root';
    root.innerHTML = SPLASH;
    document.body.append(root);
    window.location.hash = STOCK;
  });
  afterEach(() => {
    root.remove();
    sessionStore.signOut();
  });

  it('replaces the splash, and puts it back when the address changes before the app starts', async () => {
    await paintEarlyQuote(Promise.resolve(ANSWER), STOCK);
    expect(root.querySelector('[data-testid="early-quote"]')).not.toBeNull();
    expect(root.querySelector('[data-testid="boot-splash"]')).toBeNull();
    window.location.hash = '#/market/index';
    window.dispatchEvent(new HashChangeEvent('hashchange'));
    expect(root.innerHTML).toBe(SPLASH);
  });

  it('leaves alone what the app has drawn, and the splash when the call failed', async () => {
    root.innerHTML = '<div data-testid="stock-detail"></div>';
    await paintEarlyQuote(Promise.resolve(ANSWER), STOCK);
    expect(root.innerHTML).toBe('<div data-testid="stock-detail"></div>');
    root.innerHTML = SPLASH;
    await paintEarlyQuote(Promise.resolve(undefined), STOCK);
    expect(root.innerHTML).toBe(SPLASH);
  });

  it('draws nothing once the customer has left the address the call was made for', async () => {
    window.location.hash = '#/market/index';
    await paintEarlyQuote(Promise.resolve(ANSWER), STOCK);
    expect(root.innerHTML).toBe(SPLASH);
  });
});
