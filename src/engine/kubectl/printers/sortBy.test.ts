import { describe, expect, it } from 'vitest';
import { isLess, sortObjects, sortTableRows } from './sortBy';

const obj = (name: string, extra: Record<string, unknown> = {}) => ({ metadata: { name, ...extra } });
const names = (objs: { metadata: { name: string } }[] | undefined) => objs?.map((o) => o.metadata.name);

// kubectl 1.31+ sorter.go, checked against the real kubectl 1.33 over the served cluster.
describe('isLess (sorter.go, unstructured values)', () => {
  it('compares strings byte-wise, not naturally, unless both are quantities', () => {
    expect(isLess('node-10', 'node-9')).toBe(true);
    expect(isLess('B', 'a')).toBe(true);
    expect(isLess('500Mi', '2Gi')).toBe(true);
    expect(isLess('10', '9')).toBe(false);
    expect(isLess('1', 'x')).toBe(true);
  });
  it('compares numbers of one Go type; nil first', () => {
    expect(isLess(2, 10)).toBe(true);
    expect(isLess(null, 'a')).toBe(true);
    expect(isLess('a', null)).toBe(false);
    expect(() => isLess(1, 1.5)).toThrow('unsortable interface: interface');
    expect(() => isLess('a', 1)).toThrow('unsortable interface: interface');
  });
  it('finds booleans, lists and maps unsortable', () => {
    expect(() => isLess(true, false)).toThrow('unsortable type: bool');
    expect(() => isLess([], [])).toThrow('unsortable type: []interface {}');
    expect(() => isLess({}, {})).toThrow('unsortable type: map[string]interface {}');
  });
});

describe('sortObjects (the list printers: -o name, json, …)', () => {
  it('puts objects without the field first, in reverse (insertion sort with kubectl Less)', () => {
    const objs = [obj('a'), obj('b'), obj('c'), obj('x', { node: 'node-1' }), obj('y', { node: 'master' })];
    expect(names(sortObjects(objs, '.metadata.node'))).toEqual(['c', 'b', 'a', 'y', 'x']);
  });
  it('fails when no object has the field, and on an unsortable value', () => {
    expect(() => sortObjects([obj('a')], '.metadata.nope')).toThrow(
      'couldn\'t find any field with path "{.metadata.nope}" in the list of objects',
    );
    expect(() => sortObjects([obj('a', { l: {} }), obj('b', { l: {} })], '.metadata.l')).toThrow(
      'Field {.metadata.l} in *unstructured.Unstructured is an unsortable type: interface, err: unsortable type: map[string]interface {}',
    );
  });
});

describe('sortTableRows (the SortingPrinter on a server-side Table)', () => {
  it('sorts a table of several rows like sortObjects', () => {
    expect(names(sortTableRows([obj('b'), obj('a')], '.metadata.name'))).toEqual(['a', 'b']);
  });
  it('leaves a table of one row alone, even without the field', () => {
    expect(names(sortTableRows([obj('a')], '.metadata.nope'))).toEqual(['a']);
  });
  it('cannot sort (undefined: nothing printed) when no row has the field or the expression does not parse', () => {
    expect(sortTableRows([obj('a'), obj('b')], '.metadata.nope')).toBeUndefined();
    expect(sortTableRows([obj('a'), obj('b')], '{.metadata.name')).toBeUndefined();
  });
});
