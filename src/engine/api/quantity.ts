// resource.Quantity parsing, enough for cpu, memory and pods: `100m`, `0.5`, `200Mi`, `1G`, `1e3`.

const BINARY: Record<string, number> = {
  Ki: 2 ** 10,
  Mi: 2 ** 20,
  Gi: 2 ** 30,
  Ti: 2 ** 40,
  Pi: 2 ** 50,
  Ei: 2 ** 60,
};
const DECIMAL: Record<string, number> = {
  n: 1e-9,
  u: 1e-6,
  m: 1e-3,
  '': 1,
  k: 1e3,
  M: 1e6,
  G: 1e9,
  T: 1e12,
  P: 1e15,
  E: 1e18,
};

const QUANTITY = /^([+-]?[0-9.]+)(e[+-]?[0-9]+|E[+-]?[0-9]+|Ki|Mi|Gi|Ti|Pi|Ei|n|u|m|k|M|G|T|P|E)?$/;

/** The regular expression the API server quotes when a quantity does not parse. */
export const QUANTITY_REGEX_TEXT = '^([+-]?[0-9.]+)([eEinumkKMGTP]*[-+]?[0-9]*)$';

export function isValidQuantity(q: unknown): boolean {
  if (typeof q === 'number') return Number.isFinite(q);
  if (typeof q !== 'string') return false;
  const m = QUANTITY.exec(q.trim());
  return m !== null && !Number.isNaN(Number(m[1])) && (m[1].match(/\./g) ?? []).length <= 1;
}

/** Value in base units (cores for cpu, bytes for memory). Throws on a malformed quantity. */
export function parseQuantity(q: string | number): number {
  if (typeof q === 'number') return q;
  const m = QUANTITY.exec(q.trim());
  if (!m) throw new Error(`quantities must match the regular expression '${QUANTITY_REGEX_TEXT}'`);
  const n = Number(m[1]);
  const suffix = m[2] ?? '';
  if (suffix in BINARY) return n * BINARY[suffix];
  if (/^[eE]/.test(suffix)) return n * 10 ** Number(suffix.slice(1));
  return n * DECIMAL[suffix];
}

/** cpu in millicores, rounded up like Quantity.MilliValue. */
export function milliValue(q: string | number): number {
  return Math.ceil(parseQuantity(q) * 1000 - 1e-9);
}

/** Prints millicores as kubectl does in describe: `100m`, `2`, `1500m`. */
export function formatMilli(m: number): string {
  return m % 1000 === 0 ? String(m / 1000) : `${m}m`;
}

/** Prints bytes in the largest binary unit that divides evenly: `200Mi`, `8Gi`, `0`. */
export function formatBytes(b: number): string {
  if (b === 0) return '0';
  for (const [s, v] of Object.entries(BINARY).reverse()) {
    if (b % v === 0) return `${b / v}${s}`;
  }
  return String(b);
}
