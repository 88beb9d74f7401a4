/**
 * Derives the market simulator's own data files (server/market/data/) from the shared KRX reference
 * data. Run once from the repo root, commit the output:
 *
 *   npx tsx scripts/derive-market-data.ts [path/to/shared/data]
 *
 * The default input is ../shared/data next to the repo root. The app never reads that folder at run
 * time: only this script does, so a checkout without it still runs. The output is deterministic (same
 * input, same bytes). See docs/market.md for what each file holds.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { formatCsv, parseCsvRecords } from '../server/market/csv';
import { preferredEnglishName, shortEnglishName } from './clean-names';

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const input = resolve(process.argv[2] ?? join(repoRoot, '..', 'shared', 'data'));
const output = join(repoRoot, 'server', 'market', 'data');

const read = (name: string) => parseCsvRecords(readFileSync(join(input, name), 'utf8'));
const num = (s: string | undefined) => (s === undefined || s === '' ? NaN : Number(s));
const round = (x: number, digits: number) => Number(x.toFixed(digits));

function mean(xs: number[]): number {
  return xs.reduce((a, b) => a + b, 0) / xs.length;
}
function stdev(xs: number[]): number {
  const m = mean(xs);
  return Math.sqrt(xs.reduce((a, x) => a + (x - m) ** 2, 0) / (xs.length - 1));
}
function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  const mid = s.length >> 1;
  return s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
}
function covariance(xs: number[], ys: number[]): number {
  const mx = mean(xs);
  const my = mean(ys);
  let acc = 0;
  for (let i = 0; i < xs.length; i++) acc += (xs[i]! - mx) * (ys[i]! - my);
  return acc / (xs.length - 1);
}

// ---- index history -------------------------------------------------------------------------
const INDEX_FILES = {
  KOSPI: 'index-kospi-daily.csv',
  KOSDAQ: 'index-kosdaq-daily.csv',
  KOSPI200: 'index-kospi200-daily.csv',
} as const;
type IndexName = keyof typeof INDEX_FILES;
/** Enough history for a year-plus of daily index candles, small enough to commit. */
const INDEX_HISTORY_FROM = '2024-01-01';
/** The calibration window is the one the top-60 stock file covers, so stock betas line up. */
const CALIBRATION_FROM = '2023-12-05';
const CALIBRATION_TO = '2025-06-16';

const indexRows = Object.fromEntries(
  Object.entries(INDEX_FILES).map(([name, file]) => [name, read(file)]),
) as Record<IndexName, Record<string, string>[]>;

const indexHistory: (string | number)[][] = [];
const indexReturns = {} as Record<IndexName, Map<string, number>>;
const indexReference = {} as Record<IndexName, { date: string; close: number }>;
for (const name of Object.keys(INDEX_FILES) as IndexName[]) {
  const rows = indexRows[name];
  const returns = new Map<string, number>();
  let prev: number | undefined;
  for (const r of rows) {
    const close = num(r.close);
    if (prev !== undefined && r.date! >= CALIBRATION_FROM && r.date! <= CALIBRATION_TO) {
      returns.set(r.date!, Math.log(close / prev));
    }
    prev = close;
    if (r.date! >= INDEX_HISTORY_FROM) {
      indexHistory.push([name, r.date!, r.open!, r.high!, r.low!, r.close!, r.volume!, r.amount!]);
    }
  }
  indexReturns[name] = returns;
  const last = rows[rows.length - 1]!;
  indexReference[name] = { date: last.date!, close: num(last.close) };
}

// ---- stock volatility and beta from the top-60 daily file ---------------------------------
const top60 = read('ohlcv-daily-top60-2023-12-05_2025-06-16.csv');
const byCode = new Map<string, Record<string, string>[]>();
for (const r of top60) {
  const list = byCode.get(r.code!) ?? [];
  list.push(r);
  byCode.set(r.code!, list);
}
const fitted = new Map<string, { vol: number; beta: number }>();
for (const [code, rows] of byCode) {
  const market = rows[0]!.market as 'KOSPI' | 'KOSDAQ';
  const stock: number[] = [];
  const index: number[] = [];
  for (let i = 1; i < rows.length; i++) {
    const a = rows[i - 1]!;
    const b = rows[i]!;
    // A halt row carries the close forward with zero volume; a return across it is not a day's move.
    if (num(a.volume) === 0 || num(b.volume) === 0) continue;
    const ir = indexReturns[market].get(b.date!);
    if (ir === undefined) continue;
    stock.push(Math.log(num(b.close) / num(a.close)));
    index.push(ir);
  }
  fitted.set(code, { vol: stdev(stock), beta: covariance(stock, index) / stdev(index) ** 2 });
}

// ---- the universe ------------------------------------------------------------------------
const listing = read('krx-listing.csv').filter(
  (r) => r.market === 'KOSPI' || r.market === 'KOSDAQ',
);
const listingByCode = new Map(listing.map((r) => [r.code!, r]));

/** Preferred shares have no industry or English name in the source; the common share's code differs only in its last character. */
function commonShareOf(code: string): Record<string, string> | undefined {
  return listingByCode.get(code.slice(0, 5) + '0');
}

const fallback = {} as Record<'KOSPI' | 'KOSDAQ', { vol: number; beta: number; cap: number }>;
for (const market of ['KOSPI', 'KOSDAQ'] as const) {
  const codes = [...fitted.keys()].filter((c) => byCode.get(c)![0]!.market === market);
  fallback[market] = {
    vol: median(codes.map((c) => fitted.get(c)!.vol)),
    beta: median(codes.map((c) => fitted.get(c)!.beta)),
    cap: median(codes.map((c) => num(listingByCode.get(c)?.market_cap)).filter(Number.isFinite)),
  };
}

/**
 * Names without their own history get a volatility from their size: smaller companies move more.
 * The base is the KOSPI top-40 median (the KOSDAQ top 20 of 2024 were unusually volatile battery
 * and bio names, a poor base for small caps), KOSDAQ names get 15 % more, and the size exponent is
 * a modelling choice (about 1.4x at 1/300 of the size), clamped to a plausible daily range.
 */
function volatilityBySize(market: 'KOSPI' | 'KOSDAQ', cap: number): number {
  const base = fallback.KOSPI;
  const vol =
    base.vol * (market === 'KOSDAQ' ? 1.15 : 1) * Math.pow(base.cap / Math.max(cap, 1e9), 0.06);
  return Math.min(0.045, Math.max(0.012, vol));
}

// KOSPI200 membership is not in the data; the 200 largest KOSPI common shares approximate it.
const kospi200 = new Set(
  listing
    .filter((r) => r.market === 'KOSPI' && r.code!.endsWith('0') && r.industry !== '')
    .sort((a, b) => num(b.market_cap) - num(a.market_cap))
    .slice(0, 200)
    .map((r) => r.code!),
);

/** Industry names per language: the project's translations (scripts/industry-names.csv). */
const industryNames = new Map(
  parseCsvRecords(readFileSync(join(repoRoot, 'scripts', 'industry-names.csv'), 'utf8')).map(
    (r) => [r.ko!, r],
  ),
);
function translatedIndustry(ko: string): Record<string, string> {
  const names = industryNames.get(ko);
  if (!names) throw new Error(`scripts/industry-names.csv has no row for the industry "${ko}"`);
  return names;
}

const instruments = listing
  .slice()
  .sort((a, b) => (a.code! < b.code! ? -1 : 1))
  .map((r) => {
    const market = r.market as 'KOSPI' | 'KOSDAQ';
    const common = r.industry === '' ? commonShareOf(r.code!) : undefined;
    const industry = r.industry || common?.industry || '기타';
    // Short English names as the screens show them (see clean-names.ts); a preferred share's from
    // its common share's, which the listing has and it has not.
    const nameEn = r.name_en
      ? shortEnglishName(r.name_en)
      : common?.name_en
        ? (preferredEnglishName(r.name_ko!, shortEnglishName(common.name_en)) ?? '')
        : '';
    const fit = fitted.get(r.code!);
    const vol = fit?.vol ?? volatilityBySize(market, num(r.market_cap));
    const beta = fit?.beta ?? fallback[market].beta;
    const industryIn = translatedIndustry(industry);
    return [
      r.code!,
      r.name_ko!,
      nameEn,
      market,
      industry,
      r.listed_shares!,
      r.close!,
      round(vol, 4),
      round(beta, 2),
      kospi200.has(r.code!) ? 1 : 0,
      fit ? 'fitted' : 'by-size',
      industryIn.en!,
      industryIn.zh_cn!,
      industryIn.zh_tw!,
    ];
  });

// ---- calibration ----------------------------------------------------------------------------
const kospiR = indexReturns.KOSPI;
const kosdaqR = indexReturns.KOSDAQ;
const shared = [...kospiR.keys()].filter((d) => kosdaqR.has(d));
const calibration = {
  window: { from: CALIBRATION_FROM, to: CALIBRATION_TO },
  indexDailyVol: Object.fromEntries(
    (Object.keys(INDEX_FILES) as IndexName[]).map((n) => [
      n,
      round(stdev([...indexReturns[n].values()]), 5),
    ]),
  ),
  kospiKosdaqCorrelation: round(
    covariance(
      shared.map((d) => kospiR.get(d)!),
      shared.map((d) => kosdaqR.get(d)!),
    ) /
      (stdev(shared.map((d) => kospiR.get(d)!)) * stdev(shared.map((d) => kosdaqR.get(d)!))),
    3,
  ),
  stockFallback: Object.fromEntries(
    Object.entries(fallback).map(([m, f]) => [
      m,
      { vol: round(f.vol, 4), beta: round(f.beta, 2), medianCap: f.cap },
    ]),
  ),
  indexReference,
  listingDate: '2026-03-20',
};

// ---- holidays -------------------------------------------------------------------------------
const holidays = read('krx-holidays-2024-2027.csv').map((r) => [r.date!, r.name!, r.status!]);

// ---- replay sample: the last contiguous block of real 2026 daily bars, as ticks --------------
/**
 * The only intraday-shaped real data we have are daily bars, so each day becomes four ticks in
 * Asia/Seoul time: the open at 09:00, the day's low and high at 10:30 / 13:30 (in the order the
 * close suggests), the close at 15:30. Volumes split 10/30/30/30 so a day's ticks sum to the real
 * daily volume.
 */
const REPLAY_FROM = '2026-03-06';
const dayTicks = (
  date: string,
  o: number,
  h: number,
  l: number,
  c: number,
): [string, number, number][] => {
  const [first, second] = c >= o ? [l, h] : [h, l];
  return [
    [`${date}T09:00:00+09:00`, o, 0.1],
    [`${date}T10:30:00+09:00`, first, 0.3],
    [`${date}T13:30:00+09:00`, second, 0.3],
    [`${date}T15:30:00+09:00`, c, 0.3],
  ];
};
type TickRow = [string, string, number | string, number, string];
const ticks: TickRow[] = [];
const raw2026 = read('ohlcv-daily-top60-2026-01-02_2026-03-20.csv').filter(
  (r) => r.date! >= REPLAY_FROM,
);
for (const r of raw2026) {
  const volume = num(r.volume);
  let last = num(r.open);
  let given = 0;
  const parts = dayTicks(r.date!, num(r.open), num(r.high), num(r.low), num(r.close));
  parts.forEach(([time, price, share], i) => {
    const qty = i === parts.length - 1 ? volume - given : Math.floor(volume * share);
    given += qty;
    ticks.push([time, r.code!, price, qty, price >= last ? 'B' : 'S']);
    last = price;
  });
}
for (const name of Object.keys(INDEX_FILES) as IndexName[]) {
  for (const r of indexRows[name].filter((x) => x.date! >= REPLAY_FROM)) {
    for (const [time, price] of dayTicks(
      r.date!,
      num(r.open),
      num(r.high),
      num(r.low),
      num(r.close),
    )) {
      ticks.push([time, name, price, 0, '']);
    }
  }
}
ticks.sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : a[1] < b[1] ? -1 : a[1] > b[1] ? 1 : 0));

// ---- write ----------------------------------------------------------------------------------
mkdirSync(join(output, 'replay'), { recursive: true });
const write = (name: string, text: string) => {
  writeFileSync(join(output, name), text);
  console.log(`${name}: ${text.length.toLocaleString()} bytes`);
};
write(
  'instruments.csv',
  formatCsv(
    [
      'code',
      'name_ko',
      'name_en',
      'market',
      'industry',
      'listed_shares',
      'ref_price',
      'daily_vol',
      'beta',
      'kospi200',
      'vol_source',
      'industry_en',
      'industry_zh_cn',
      'industry_zh_tw',
    ],
    instruments,
  ),
);
write(
  'index-history.csv',
  formatCsv(['index', 'date', 'open', 'high', 'low', 'close', 'volume', 'amount'], indexHistory),
);
write('holidays.csv', formatCsv(['date', 'name', 'status'], holidays));
write('calibration.json', JSON.stringify(calibration, null, 2) + '\n');
write(
  'replay/krx-2026-03-daily.ticks.csv',
  '# maru-ticks v1: time,code,price,qty,side (see docs/market.md). Four ticks per real daily bar.\n' +
    formatCsv(['time', 'code', 'price', 'qty', 'side'], ticks),
);
