// resource.Quantity's canonical text (apimachinery pkg/api/resource, Quantity.String): what a
// quantity typed on the command line reads as once kubectl has parsed and serialised it — `0.5` is
// `500m`, `1000m` is `1`, `2000` is `2k`, `1.5Gi` is `1536Mi`; the exponent
// form (`1e3`) keeps its own format, so it is left as typed.

const DECIMAL_SUFFIXES: [number, string][] = [
  [18, 'E'],
  [15, 'P'],
  [12, 'T'],
  [9, 'G'],
  [6, 'M'],
  [3, 'k'],
  [0, ''],
  [-3, 'm'],
  [-6, 'u'],
  [-9, 'n'],
];
const DECIMAL_EXP = new Map<string, number>(DECIMAL_SUFFIXES.map(([e, s]) => [s, e]));
const BINARY: [string, bigint][] = [
  ['Ei', 2n ** 60n],
  ['Pi', 2n ** 50n],
  ['Ti', 2n ** 40n],
  ['Gi', 2n ** 30n],
  ['Mi', 2n ** 20n],
  ['Ki', 2n ** 10n],
];

/** A decimal mantissa and power of ten as an exact integer count of nano-units (10^-9). */
function toNano(mantissa: string, exp: number): bigint | undefined {
  const neg = mantissa.startsWith('-');
  const m = mantissa.replace(/^[+-]/, '');
  const [int, frac = ''] = m.split('.');
  const digits = BigInt(`${int || '0'}${frac}`);
  const shift = exp + 9 - frac.length;
  if (shift < 0) {
    const div = 10n ** BigInt(-shift);
    // finer than a nano-unit: upstream rounds up; keep the text as given then
    if (digits % div !== 0n) return undefined;
    return (neg ? -1n : 1n) * (digits / div);
  }
  return (neg ? -1n : 1n) * digits * 10n ** BigInt(shift);
}

function decimalText(nano: bigint): string {
  if (nano === 0n) return '0';
  for (const [e, s] of DECIMAL_SUFFIXES) {
    const unit = 10n ** BigInt(e + 9);
    if (nano % unit === 0n) return `${nano / unit}${s}`;
  }
  return `${nano}n`;
}

/** Quantity.String() of a valid quantity text (left as given where this port cannot be exact). */
export function canonicalQuantity(text: string): string {
  const m = /^([+-]?[0-9.]+)(Ki|Mi|Gi|Ti|Pi|Ei|[eE][+-]?[0-9]+|[numkMGTPE])?$/.exec(text);
  if (!m) return text;
  const [, mantissa, suffix = ''] = m;
  if (/^[KMGTPE]i$/.test(suffix)) {
    const factor = BINARY.find(([s]) => s === suffix)![1];
    const nano = toNano(mantissa, 0);
    if (nano === undefined || (nano * factor) % 1_000_000_000n !== 0n) return text;
    const bytes = (nano * factor) / 1_000_000_000n;
    for (const [s, f] of BINARY) if (bytes !== 0n && bytes % f === 0n) return `${bytes / f}${s}`;
    // smaller than 1Ki or not a whole multiple: upstream prints it in the decimal form
    return decimalText(bytes * 1_000_000_000n);
  }
  if (/^[eE]/.test(suffix)) return text;
  const exp = DECIMAL_EXP.get(suffix)!;
  const nano = toNano(mantissa, exp);
  return nano === undefined ? text : decimalText(nano);
}
