import { localeOf } from '../../contract/languages';
import { stockNameIn } from '../../contract/names';
import { PACK_LOADERS } from '../i18n/packLoaders';
import { sessionStore } from '../session/sessionStore';
import { DIRECTION_COLOR, changeLabel, directionOf, formatPrice } from './format';
import './parts/live-rows.css';
import './earlyQuote.css';

/**
 * The stock detail's first paint, before the app has arrived. On a slow phone the detail call
 * (started by the entry, src/app/earlyScreen.ts) answers about a second before React, Chakra and
 * the screen's code have arrived and run; until then the customer saw the splash. This draws the
 * top of the screen in its place: the title bar and the quote (name, simulated-market badge, code,
 * price and change), with the classes and colours the screen itself uses, so the screen replaces
 * it without the figures moving (tests/e2e/early-quote.test.ts). React's first render clears
 * #root, and with it this. Plain DOM, no React: this module and what it imports must not wait for
 * the app's chunks (vite.config.ts, `quote-parts`).
 */

/** The parts of the detail answer drawn here, checked before drawing anything. */
interface EarlyStock {
  code: string;
  nameKo: string;
  nameEn: string;
  market: string;
  price: number;
  change: number;
  changeRate: number;
}
interface EarlyFeed {
  simulated?: boolean;
  label?: string;
}

const isEarlyStock = (value: unknown): value is EarlyStock => {
  const s = value as Partial<Record<keyof EarlyStock, unknown>> | null;
  return (
    s !== null &&
    typeof s === 'object' &&
    ['code', 'nameKo', 'nameEn', 'market'].every(
      (k) => typeof s[k as keyof EarlyStock] === 'string',
    ) &&
    ['price', 'change', 'changeRate'].every((k) =>
      Number.isFinite(s[k as keyof EarlyStock] as number),
    )
  );
};

/** The texts drawn here, from the language's start-up pack (it is on its way already). */
interface EarlyTexts {
  simulatedShort: string;
}

function element<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  className: string,
  text?: string,
): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  node.className = className;
  if (text !== undefined) node.textContent = text;
  return node;
}

/**
 * The back arrow where the screen's button will be (src/components/icons.tsx): a drawing only, as
 * nothing can act on a tap before the app runs.
 */
function backArrow(): HTMLElement {
  const box = element('span', 'maru-early-back');
  const svg = document.createElementNS('http://www.w3.org/2000/svg', 'svg');
  svg.setAttribute('viewBox', '0 0 24 24');
  svg.setAttribute('aria-hidden', 'true');
  const path = document.createElementNS('http://www.w3.org/2000/svg', 'path');
  path.setAttribute('d', 'M15 5l-7 7 7 7');
  svg.append(path);
  box.append(svg);
  return box;
}

/** The simulated-market badge as src/market/parts/SimulatedBadge.tsx draws it (compact). */
function simulatedBadge(feed: EarlyFeed, text: string): HTMLElement {
  const badge = element('span', 'maru-early-badge');
  badge.dataset.testid = 'simulated-badge';
  if (feed.label) badge.title = feed.label;
  badge.append(element('span', 'maru-early-badge-dot'), element('span', '', text));
  return badge;
}

/** The screen's top, drawn from the detail answer: null when the answer lacks what it needs. */
export function earlyQuoteView(
  answer: unknown,
  locale: string,
  texts: EarlyTexts,
): HTMLElement | null {
  const { stock, feed } = (answer ?? {}) as { stock?: unknown; feed?: EarlyFeed };
  if (!isEarlyStock(stock)) return null;
  const name = stockNameIn(locale, stock);
  const color = DIRECTION_COLOR[directionOf(stock.change)];

  const view = element('div', 'maru-early');
  view.dataset.testid = 'early-quote';
  view.setAttribute('aria-busy', 'true');

  const bar = element('header', 'maru-early-bar');
  bar.append(backArrow(), element('h1', 'maru-early-title', name));
  bar.append(element('span', 'maru-early-side'));

  const title = element('div', 'maru-quote-title');
  title.append(element('p', 'maru-quote-stock', name));
  // The screen's badge shows unless the feed says it is real (and before it knows).
  if (feed?.simulated !== false) title.append(simulatedBadge(feed ?? {}, texts.simulatedShort));
  const nameLine = element('div', 'maru-quote-name');
  nameLine.append(title, element('p', 'maru-quote-code', `${stock.code} · ${stock.market}`));

  const price = element('p', 'maru-quote-price', formatPrice(stock.price));
  price.style.color = color;
  price.dataset.testid = 'stock-price';
  const change = element('p', 'maru-quote-change', changeLabel(stock.change, stock.changeRate));
  change.style.color = color;
  const changeLine = element('div', 'maru-quote-line');
  changeLine.append(change);

  const head = element('div', 'maru-quote-head');
  head.append(nameLine, price, changeLine);
  const card = element('div', 'maru-early-card');
  card.append(head);
  const stack = element('div', 'maru-early-stack');
  stack.append(card);
  view.append(bar, stack);
  return view;
}

/** True while #root still holds only index.html's splash: the app has not drawn anything. */
const showsSplash = (root: HTMLElement) =>
  root.childElementCount === 1 &&
  root.firstElementChild?.getAttribute('data-testid') === 'boot-splash';

/**
 * Draws the screen's top in place of the splash once the detail call has answered, if the app has
 * not drawn first and the address is still `address`, the one the call was made for. Leaving the
 * address before the app arrives (a back gesture) puts the splash back.
 */
export async function paintEarlyQuote(answer: Promise<unknown>, address: string): Promise<void> {
  const root = document.getElementById('root');
  const locale = localeOf(sessionStore.get().language);
  const [data, pack] = await Promise.all([answer, PACK_LOADERS[locale]().catch(() => null)]);
  const common = pack?.default.ui.common as Partial<EarlyTexts> | undefined;
  if (!root || !showsSplash(root) || !common?.simulatedShort) return;
  if (window.location.hash !== address) return;
  const view = earlyQuoteView(data, locale, { simulatedShort: common.simulatedShort });
  if (!view) return;
  const splash = root.firstElementChild as Element;
  root.replaceChildren(view);
  const restore = () => {
    if (window.location.hash !== address && view.parentNode === root) root.replaceChildren(splash);
  };
  window.addEventListener('hashchange', restore, { once: true });
}
