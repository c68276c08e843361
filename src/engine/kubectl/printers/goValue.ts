// How Go prints the JSON-shaped values kubectl's template printers work on (map[string]interface{},
// []interface{}, string, int64, float64, bool, nil): fmt's %v and %#v, encoding/json's compact
// Marshal (sorted keys, HTML-safe escapes) and MarshalIndent. Integral numbers are int64 (as the
// unstructured decoder makes them), other numbers float64.

import { goQuote } from '../../api/errors';

export type JSONValue = null | boolean | number | string | JSONValue[] | { [k: string]: JSONValue };

const byteOrder = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

export function isMap(v: unknown): v is Record<string, JSONValue> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** strconv.FormatFloat(f, 'g', -1, 64), fmt's %v of a float64: shortest digits, exponent form below 1e-4 and from 1e6 (`1e+06`). */
export function goFloat(f: number): string {
  if (Number.isNaN(f)) return 'NaN';
  if (!Number.isFinite(f)) return f > 0 ? '+Inf' : '-Inf';
  if (f === 0) return Object.is(f, -0) ? '-0' : '0';
  const exp = Math.floor(Math.log10(Math.abs(f)));
  if (exp < -4 || exp >= 6) {
    const [m, e] = f.toExponential().split('e');
    const n = Number(e);
    return `${m}e${n < 0 ? '-' : '+'}${String(Math.abs(n)).padStart(2, '0')}`;
  }
  return String(f);
}

/** A number as fmt prints an int64 or a float64 holding it. */
export function goNumber(n: number): string {
  return Number.isInteger(n) && Math.abs(n) < 1e21 ? String(n) : goFloat(n);
}

/** fmt.Sprint(v): `map[a:1 b:[x y]]`, `<nil>`. */
export function goV(v: unknown): string {
  if (v === null || v === undefined) return '<nil>';
  if (typeof v === 'string') return v;
  if (typeof v === 'number') return goNumber(v);
  if (typeof v === 'boolean') return String(v);
  if (Array.isArray(v)) return `[${v.map(goV).join(' ')}]`;
  if (isMap(v)) {
    const keys = Object.keys(v).sort(byteOrder);
    return `map[${keys.map((k) => `${k}:${goV(v[k])}`).join(' ')}]`;
  }
  return String(v);
}

/** strconv.Quote (one implementation: non-printable characters such as U+0085 and U+2028 escaped too). */
export { goQuote };

/** fmt.Sprintf("%#v", v) for unstructured content. */
export function goSyntax(v: unknown): string {
  if (v === null || v === undefined) return 'interface {}(nil)';
  if (typeof v === 'string') return goQuote(v);
  if (typeof v === 'number') return goNumber(v);
  if (typeof v === 'boolean') return String(v);
  if (Array.isArray(v)) return `[]interface {}{${v.map(goSyntax).join(', ')}}`;
  if (isMap(v)) {
    const keys = Object.keys(v).sort(byteOrder);
    return `map[string]interface {}{${keys.map((k) => `${goQuote(k)}:${goSyntax(v[k])}`).join(', ')}}`;
  }
  return String(v);
}

/** The Go type name `%v` of value.Type() shows in jsonpath errors. */
export function goTypeName(v: unknown): string {
  if (v === null || v === undefined) return 'interface {}';
  if (typeof v === 'string') return 'string';
  if (typeof v === 'number') return Number.isInteger(v) ? 'int64' : 'float64';
  if (typeof v === 'boolean') return 'bool';
  if (Array.isArray(v)) return '[]interface {}';
  return 'map[string]interface {}';
}

function sortKeys(v: unknown): unknown {
  if (Array.isArray(v)) return v.map(sortKeys);
  if (!isMap(v)) return v;
  const out: Record<string, unknown> = {};
  for (const k of Object.keys(v).sort(byteOrder)) if (v[k] !== undefined) out[k] = sortKeys(v[k]);
  return out;
}

function htmlSafe(s: string): string {
  return s
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

/** json.Marshal(v): compact, map keys sorted, HTML-safe. */
export function goJSON(v: unknown): string {
  return htmlSafe(JSON.stringify(sortKeys(v) ?? null));
}

/** json.MarshalIndent(v, "", "    "). */
export function goJSONIndent(v: unknown): string {
  return htmlSafe(JSON.stringify(sortKeys(v) ?? null, null, 4));
}

/** The object as kubectl's printers see it: its JSON, decoded again (no undefined, plain data). */
export function toUnstructured(obj: unknown): JSONValue {
  return JSON.parse(JSON.stringify(obj ?? null)) as JSONValue;
}
