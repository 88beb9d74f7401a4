/**
 * Loads the market's own data files from server/market/data. This is the only module that touches
 * the disk; everything else takes the parsed values, so tests can hand in small fixtures.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { TradingCalendar } from './calendar';
import { parseCsvRecords } from './csv';
import { parseInstruments } from './instruments';
import type { Currency, IndexName, Instrument } from './types';
import { CURRENCIES } from './types';

const dataDir = new URL('./data/', import.meta.url);
const readData = (name: string) => readFileSync(fileURLToPath(new URL(name, dataDir)), 'utf8');

export interface Calibration {
  readonly indexDailyVol: Readonly<Record<IndexName, number>>;
  readonly kospiKosdaqCorrelation: number;
  readonly indexReference: Readonly<Record<IndexName, { date: string; close: number }>>;
  readonly listingDate: string;
}

export interface IndexDay {
  readonly index: IndexName;
  readonly date: string;
  readonly open: number;
  readonly high: number;
  readonly low: number;
  readonly close: number;
  readonly volume: number;
  readonly amount: number;
}

export interface FxReference {
  readonly currency: Currency;
  readonly krwPerUnit: number;
  readonly dailyVol: number;
  readonly decimals: number;
}

let instruments: readonly Instrument[] | undefined;

/**
 * The listing, parsed once per process: an app's start asks for it five times (the market, the
 * demo offerings, placements, auctions, corporate actions), ~50–100 ms each, and a test process
 * starts hundreds of apps. Read-only: every caller shares it.
 */
export function loadInstruments(): readonly Instrument[] {
  instruments ??= Object.freeze(parseInstruments(readData('instruments.csv')));
  return instruments;
}

export function loadCalendar(): TradingCalendar {
  return TradingCalendar.fromCsv(readData('holidays.csv'));
}

export function loadCalibration(): Calibration {
  return JSON.parse(readData('calibration.json')) as Calibration;
}

export function loadIndexHistory(): IndexDay[] {
  return parseCsvRecords(readData('index-history.csv')).map((r) => ({
    index: r.index as IndexName,
    date: r.date ?? '',
    open: Number(r.open),
    high: Number(r.high),
    low: Number(r.low),
    close: Number(r.close),
    volume: Number(r.volume),
    amount: Number(r.amount),
  }));
}

export function loadFxReference(): FxReference[] {
  return parseCsvRecords(readData('fx-reference.csv')).map((r) => {
    const currency = CURRENCIES.find((c) => c === r.currency);
    if (!currency) throw new Error(`fx-reference.csv: unknown currency ${r.currency ?? ''}`);
    return {
      currency,
      krwPerUnit: Number(r.krw_per_unit),
      dailyVol: Number(r.daily_vol),
      decimals: Number(r.decimals),
    };
  });
}

/** The sample tick recording shipped for the replay feed. */
export function loadSampleTicks(): string {
  return readData('replay/krx-2026-03-daily.ticks.csv');
}
