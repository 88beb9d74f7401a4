/**
 * Exchange arithmetic, exact: the feed's rates are decimals (won per unit), so every amount is
 * computed as a fraction of BigInts and rounded once, down, in the house's favour. Nothing here
 * reads a clock, a database or the feed.
 */

/** A positive rational num/den. */
export interface Fraction {
  num: bigint;
  den: bigint;
}

/** A finite positive decimal number as the exact fraction its shortest decimal form denotes. */
export function decimalFraction(value: number): Fraction {
  if (!Number.isFinite(value) || value <= 0) throw new RangeError(`not a positive rate: ${value}`);
  const [mantissa = '', exponentText] = value.toString().split('e');
  const [whole = '0', fraction = ''] = mantissa.split('.');
  let num = BigInt(whole + fraction);
  let den = 10n ** BigInt(fraction.length);
  const exponent = Number(exponentText ?? 0);
  if (exponent > 0) num *= 10n ** BigInt(exponent);
  if (exponent < 0) den *= 10n ** BigInt(-exponent);
  return { num, den };
}

export interface ExchangeTerms {
  /** What the customer sells, minor units of `from`. */
  amount: number;
  fromDigits: number;
  toDigits: number;
  /** Won per one major unit of each side (KRW is 1). */
  fromKrw: Fraction;
  toKrw: Fraction;
  /** The house's spread in basis points, taken off what the customer receives. */
  spreadBps: number;
}

export interface ExchangeFigures {
  /** Minor units of `to` received: the exact amount after the spread, rounded down. */
  receive: bigint;
  /** What the spread cost, minor units of `to`: the mid-rate amount rounded down, less receive. */
  fee: bigint;
  /** Units of `to` per unit of `from` (major units), spread included, 10 significant digits. */
  rate: string;
}

const BPS = 10_000n;

/**
 * receive = ⌊amount · fromKrw / toKrw · 10^(toDigits − fromDigits) · (1 − spread)⌋. The floor
 * is the only rounding, so the house gains less than one minor unit of `to` by it.
 */
export function exchangeFigures(terms: ExchangeTerms): ExchangeFigures {
  const keep = BPS - BigInt(terms.spreadBps);
  const grossNum =
    BigInt(terms.amount) * terms.fromKrw.num * terms.toKrw.den * 10n ** BigInt(terms.toDigits);
  const grossDen = 10n ** BigInt(terms.fromDigits) * terms.fromKrw.den * terms.toKrw.num;
  const gross = grossNum / grossDen;
  const receive = (grossNum * keep) / (grossDen * BPS);
  const rate = decimalString(
    terms.fromKrw.num * terms.toKrw.den * keep,
    terms.fromKrw.den * terms.toKrw.num * BPS,
    10,
  );
  return { receive, fee: gross - receive, rate };
}

/** num/den as a decimal string with `significant` significant digits, truncated. */
export function decimalString(num: bigint, den: bigint, significant: number): string {
  const whole = num / den;
  let rest = num % den;
  let digits = whole === 0n ? '' : whole.toString();
  let fraction = '';
  // Leading zeros after the point do not count as significant.
  while (rest !== 0n && digits.replace(/^0+/, '').length < significant) {
    rest *= 10n;
    const digit = rest / den;
    rest %= den;
    fraction += digit.toString();
    digits += digit.toString();
  }
  fraction = fraction.replace(/0+$/, '');
  return fraction.length > 0 ? `${whole}.${fraction}` : whole.toString();
}
