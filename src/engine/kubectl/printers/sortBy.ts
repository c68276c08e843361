// `kubectl get --sort-by=<jsonpath>` (kubectl/pkg/cmd/get/sorter.go, 1.31+): RelaxedJSONPathExpression,
// an error when no object has the field, objects without it first (in reverse: Go's insertion sort
// with kubectl's Less), then isLess on the first value (strings byte-wise or as quantities,
// numbers; other types are unsortable). Server-side Tables (the human output) are sorted by
// TableSorter, whose failures print nothing.

import { CommandError } from '../types';
import { relaxedJSONPathExpression } from './customColumns';
import { isValidQuantity, parseQuantity } from '../../api/quantity';
import { goTypeName, toUnstructured, type JSONValue } from './goValue';
import { JSONPath, plainValue } from './jsonpath';

/** A string resource.ParseQuantity accepts (no surrounding space, one number, a known suffix). */
function quantity(s: string): number | undefined {
  if (s === '' || s !== s.trim() || !isValidQuantity(s)) return undefined;
  try {
    return parseQuantity(s);
  } catch {
    return undefined;
  }
}

/**
 * sorter.go isLess on two values of an unstructured object (reflect.Interface): nil before
 * anything; numbers of the same Go type (int64 or float64) by value; strings byte-wise, or as
 * quantities when both parse as one; anything else is an unsortable type.
 */
export function isLess(i: JSONValue, j: JSONValue): boolean {
  if (i === null) return j !== null;
  if (j === null) return false;
  if (typeof i === 'number') {
    if (typeof j === 'number' && goTypeName(i) === goTypeName(j)) return i < j;
    throw new Error('unsortable interface: interface');
  }
  if (typeof i === 'string') {
    if (typeof j !== 'string') throw new Error('unsortable interface: interface');
    const qi = quantity(i);
    const qj = quantity(j);
    if (qi !== undefined && qj !== undefined) return qi < qj;
    return i < j;
  }
  throw new Error(`unsortable type: ${goTypeName(i)}`);
}

/**
 * Go's sort.Sort as kubectl calls it: pdqsort, which sorts up to 12 elements by insertion. kubectl's
 * Less says an element without the field is less than anything — even than another without it —
 * so those come first, in reverse order. Beyond 12, a stable sort by the same rule (pdqsort's
 * order of equal keys is not reproduced).
 */
function goSort<T>(items: T[], less: (a: T, b: T) => boolean, missing: (a: T) => boolean): T[] {
  const a = [...items];
  if (a.length <= 12) {
    for (let i = 1; i < a.length; i++) {
      for (let j = i; j > 0 && less(a[j], a[j - 1]); j--) [a[j], a[j - 1]] = [a[j - 1], a[j]];
    }
    return a;
  }
  const absent = a.filter(missing).reverse();
  const present = a
    .filter((x) => !missing(x))
    .map((x, idx) => ({ x, idx }))
    .sort((p, q) => (less(p.x, q.x) ? -1 : less(q.x, p.x) ? 1 : p.idx - q.idx))
    .map((p) => p.x);
  return [...absent, ...present];
}

interface Keyed<T> {
  o: T;
  found: boolean;
  key: JSONValue;
}

/** RuntimeSort/TableSorter Less: without the field first, then isLess on the first value. */
function kubectlLess<T>(field: string, where: string): (a: Keyed<T>, b: Keyed<T>) => boolean {
  return (a, b) => {
    if (!a.found) return true;
    if (!b.found) return false;
    try {
      return isLess(a.key, b.key);
    } catch (e) {
      // klog.Exitf in kubectl: the command ends there, exit status 1.
      throw new CommandError(
        `Field ${field} in ${where} is an unsortable type: interface, err: ${(e as Error).message}`,
      );
    }
  };
}

function keyedBy<T>(parser: JSONPath, objs: T[], view: (o: T) => unknown = (o) => o): Keyed<T>[] {
  return objs.map((o) => {
    const values = parser.findResults(toUnstructured(view(o)));
    const found = values.length > 0 && values[0].length > 0;
    return { o, found, key: found ? plainValue(values[0][0]) : null };
  });
}

/**
 * Sorts objects by a --sort-by expression (sorter.go SortObjects: the list printers — -o name,
 * json, yaml, templates, custom columns — and kubectl get's sort of its server-side Tables).
 */
export function sortObjects<T>(objs: T[], sortBy: string, view: (o: T) => unknown = (o) => o): T[] {
  if (objs.length === 0) return objs;
  let field: string;
  try {
    field = relaxedJSONPathExpression(sortBy);
  } catch (e) {
    throw new CommandError((e as Error).message);
  }
  const parser = new JSONPath({ allowMissingKeys: true });
  let keyed: Keyed<T>[];
  try {
    parser.parse(field);
    keyed = keyedBy(parser, objs, view);
  } catch (e) {
    throw new CommandError((e as Error).message);
  }
  if (!keyed.some((k) => k.found))
    throw new CommandError(
      `couldn't find any field with path ${JSON.stringify(field)} in the list of objects`,
    );
  return goSort(keyed, kubectlLess(field, '*unstructured.Unstructured'), (k) => !k.found).map((k) => k.o);
}

/**
 * The SortingPrinter on one server-side Table (sorter.go TableSorter), given the rows' objects: a
 * table of more than one row is sorted, or — when the expression does not parse or no row has the
 * field — undefined: kubectl get's Run ignores that printer error, so the table prints nothing
 * (and a get that printed nothing says "No resources found").
 */
export function sortTableRows<T>(rows: T[], sortBy: string): T[] | undefined {
  if (rows.length <= 1) return rows;
  let field: string;
  try {
    field = relaxedJSONPathExpression(sortBy);
  } catch {
    field = sortBy;
  }
  const parser = new JSONPath({ allowMissingKeys: true });
  let keyed: Keyed<T>[];
  try {
    parser.parse(field);
    keyed = keyedBy(parser, rows);
  } catch {
    return undefined;
  }
  if (!keyed.some((k) => k.found)) return undefined;
  return goSort(keyed, kubectlLess(field, '[][][]reflect.Value'), (k) => !k.found).map((k) => k.o);
}
