// `kubectl get --sort-by=<jsonpath>` (kubectl/pkg/cmd/get/sorter.go): RelaxedJSONPathExpression,
// an error when no object has the field, objects without it first, then isLess on the first value
// (natural order for strings, numbers, booleans false before true, lists element by element).

import { CommandError } from '../types';
import { relaxedJSONPathExpression } from './customColumns';
import { goTypeName, isMap, toUnstructured, type JSONValue } from './goValue';
import { JSONPath, plainValue } from './jsonpath';

const isDigit = (c: string | undefined) => c !== undefined && c >= '0' && c <= '9';

/** github.com/fvbommel/sortorder NaturalLess: runs of digits compare as numbers. */
export function naturalLess(str1: string, str2: string): boolean {
  let idx1 = 0;
  let idx2 = 0;
  while (idx1 < str1.length && idx2 < str2.length) {
    const c1 = str1[idx1];
    const c2 = str2[idx2];
    const dig1 = isDigit(c1);
    const dig2 = isDigit(c2);
    if (dig1 !== dig2) return dig1; // digits before other characters
    if (!dig1) {
      if (c1 !== c2) return c1 < c2;
      idx1++;
      idx2++;
      continue;
    }
    // compare numbers: skip leading zeros, then by length, then by digits
    for (; idx1 < str1.length && str1[idx1] === '0'; idx1++);
    for (; idx2 < str2.length && str2[idx2] === '0'; idx2++);
    const nonZero1 = idx1;
    const nonZero2 = idx2;
    for (; idx1 < str1.length && isDigit(str1[idx1]); idx1++);
    for (; idx2 < str2.length && isDigit(str2[idx2]); idx2++);
    const len1 = idx1 - nonZero1;
    const len2 = idx2 - nonZero2;
    if (len1 !== len2) return len1 < len2;
    const nr1 = str1.slice(nonZero1, idx1);
    const nr2 = str2.slice(nonZero2, idx2);
    if (nr1 !== nr2) return nr1 < nr2;
    // equal numbers: the one with more leading zeros first
    if (nonZero1 !== nonZero2) return nonZero1 < nonZero2;
  }
  return str1.length < str2.length;
}

/** sorter.go isLess on two JSON values. */
export function isLess(i: JSONValue, j: JSONValue): boolean {
  if (typeof i === 'string') {
    if (typeof j !== 'string') throw new Error(`unsortable type: ${goTypeName(j)}`);
    return naturalLess(i, j);
  }
  if (typeof i === 'number' && typeof j === 'number') return i < j;
  if (typeof i === 'boolean' && typeof j === 'boolean') return !i && j;
  if (i === null) return j !== null;
  if (j === null) return false;
  if (Array.isArray(i) && Array.isArray(j)) {
    for (let k = 0; k < Math.min(i.length, j.length); k++) {
      if (isLess(i[k], j[k])) return true;
      if (isLess(j[k], i[k])) return false;
    }
    return i.length < j.length;
  }
  if (isMap(i) && isMap(j)) return false;
  throw new Error(`unsortable type: ${goTypeName(i)}`);
}

/** Sorts objects by a --sort-by expression (stable, like sort.Sort on distinct keys). */
export function sortObjects<T>(objs: T[], sortBy: string): T[] {
  if (objs.length === 0) return objs;
  let field: string;
  try {
    field = relaxedJSONPathExpression(sortBy);
  } catch (e) {
    throw new CommandError((e as Error).message);
  }
  const parser = new JSONPath({ allowMissingKeys: true });
  try {
    parser.parse(field);
  } catch (e) {
    throw new CommandError((e as Error).message);
  }
  const keyed = objs.map((o) => {
    let values;
    try {
      values = parser.findResults(toUnstructured(o));
    } catch (e) {
      throw new CommandError((e as Error).message);
    }
    const found = values.length > 0 && values[0].length > 0;
    return { o, found, key: found ? plainValue(values[0][0]) : null };
  });
  if (!keyed.some((k) => k.found)) throw new CommandError(`couldn't find any field with path ${JSON.stringify(field)} in the list of objects`);
  const less = (a: (typeof keyed)[number], b: (typeof keyed)[number]) => {
    if (!a.found) return b.found;
    if (!b.found) return false;
    try {
      return isLess(a.key, b.key);
    } catch (e) {
      throw new CommandError(`Field ${field} in the list of objects is an unsortable type: ${(e as Error).message}`);
    }
  };
  return keyed
    .map((k, idx) => ({ k, idx }))
    .sort((a, b) => (less(a.k, b.k) ? -1 : less(b.k, a.k) ? 1 : a.idx - b.idx))
    .map((x) => x.k.o);
}
