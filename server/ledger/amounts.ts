/** Converts a SQL sum (numeric, sent as text to avoid float rounding) back to safe minor units. */
export function minorFromSql(value: string | number | bigint | null): number {
  const exact = BigInt(value ?? 0);
  if (exact > BigInt(Number.MAX_SAFE_INTEGER) || exact < BigInt(Number.MIN_SAFE_INTEGER)) {
    throw new RangeError(`ledger amount beyond the safe integer range: ${exact}`);
  }
  return Number(exact);
}
