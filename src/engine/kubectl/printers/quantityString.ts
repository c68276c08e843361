// resource.Quantity.String() for the values describe prints: canonical form in the quantity's own
// format (binary suffixes stay binary, decimal ones decimal, fractions become milli units).

import { parseQuantity } from '../../api/quantity';

const BINARY: [string, number][] = [
  ['Ei', 2 ** 60],
  ['Pi', 2 ** 50],
  ['Ti', 2 ** 40],
  ['Gi', 2 ** 30],
  ['Mi', 2 ** 20],
  ['Ki', 2 ** 10],
];
const DECIMAL: [string, number][] = [
  ['E', 1e18],
  ['P', 1e15],
  ['T', 1e12],
  ['G', 1e9],
  ['M', 1e6],
  ['k', 1e3],
];

export type QuantityFormat = 'BinarySI' | 'DecimalSI';

export function quantityFormat(q: string | number): QuantityFormat {
  return typeof q === 'string' && /[KMGTPE]i$/.test(q.trim()) ? 'BinarySI' : 'DecimalSI';
}

/** Canonical text of a value in base units (`0` for zero). */
export function formatQuantity(value: number, format: QuantityFormat): string {
  if (value === 0) return '0';
  const neg = value < 0 ? '-' : '';
  const v = Math.abs(value);
  if (!Number.isInteger(v)) {
    const milli = Math.round(v * 1000 * 1e6) / 1e6;
    if (Number.isInteger(milli)) return `${neg}${milli}m`;
    const micro = Math.round(v * 1e6);
    return `${neg}${micro}u`;
  }
  if (format === 'BinarySI' && v >= 1024) {
    for (const [s, f] of BINARY) if (v % f === 0) return `${neg}${v / f}${s}`;
  }
  if (format === 'BinarySI' && v < 1024) return `${neg}${v}`;
  for (const [s, f] of DECIMAL) if (v % f === 0) return `${neg}${v / f}${s}`;
  return `${neg}${v}`;
}

/** Quantity.String() of a quantity as written in a manifest. */
export function quantityString(q: string | number): string {
  try {
    return formatQuantity(parseQuantity(q), quantityFormat(q));
  } catch {
    return String(q);
  }
}
