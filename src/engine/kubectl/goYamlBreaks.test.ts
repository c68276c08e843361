// What go-yaml v2 reads where U+2028 (LS) and U+0085 (NEL) stand in YAML: each row's value is what the
// real kubectl 1.33.1 decoded (`kubectl create -f - --dry-run=client -o json`, the row as the
// annotations of a Pod). U+2029 (PS) is read as LS is.

import { describe, expect, it } from 'vitest';
import { parseAllDocuments } from 'yaml';
import { goYamlLineBreaks } from './goYamlBreaks';
import { goYamlFirstError } from './goYaml';

const HEAD = 'metadata:\n  annotations:\n';

const KUBECTL: [string, Record<string, string>][] = [
  ['    k: "x\u2028y"\n', { k: 'x\u2028y' }],
  ['    k: "x  \u2028  y"\n', { k: 'x\u2028y' }],
  ['    k: "x\u2028\u2028y"\n', { k: 'x\u2028\u2028y' }],
  ['    k: "x\u2028\n      y"\n', { k: 'x\u2028\ny' }],
  ['    k: "x\\\u2028y"\n', { k: 'xy' }],
  ["    k: 'x \u2028 y'\n", { k: 'x\u2028y' }],
  ['    k: x\u2028      y\n', { k: 'x\u2028y' }],
  ['    k: x \u2028      y \u2028\u2028      z\n', { k: 'x\u2028y\u2028\u2028z' }],
  ['    k: |\n      x\u2028      y\n', { k: 'x\u2028y\n' }],
  ['    k: |+\n      x\u2028      y\u2028\n', { k: 'x\u2028y\u2028\n' }],
  ['    k: |-\n      x\u2028      y\u2028\n', { k: 'x\u2028y' }],
  ['    k: >\n      x\u2028      y\n      z\n', { k: 'x\u2028y z\n' }],
  ['    k: "1"\u2028    j: "2"\n', { j: '2', k: '1' }],
  ['    k: "1" # c\u2028    j: "2"\n', { j: '2', k: '1' }],
  ['    {k: a\u2028b, j: "c\u2028d", i: x}\n', { i: 'x', j: 'c\u2028d', k: 'a\u2028b' }],
  ['    k: "x\u0085y"\n', { k: 'x y' }],
  ['    k: "x  \u0085  y"\n', { k: 'x y' }],
  ['    k: "x\u0085\u0085y"\n', { k: 'x\ny' }],
  ['    k: "x\u0085\n      y"\n', { k: 'x\ny' }],
  ['    k: "x\\\u0085y"\n', { k: 'xy' }],
  ["    k: 'x \u0085 y'\n", { k: 'x y' }],
  ['    k: x\u0085      y\n', { k: 'x y' }],
  ['    k: x \u0085      y \u0085\u0085      z\n', { k: 'x y\nz' }],
  ['    k: |\n      x\u0085      y\n', { k: 'x\ny\n' }],
  ['    k: |+\n      x\u0085      y\u0085\n', { k: 'x\ny\n\n' }],
  ['    k: |-\n      x\u0085      y\u0085\n', { k: 'x\ny' }],
  ['    k: >\n      x\u0085      y\n      z\n', { k: 'x y z\n' }],
  ['    k: "1"\u0085    j: "2"\n', { j: '2', k: '1' }],
  ['    k: "1" # c\u0085    j: "2"\n', { j: '2', k: '1' }],
  ['    {k: a\u0085b, j: "c\u0085d", i: x}\n', { i: 'x', j: 'c d', k: 'a b' }],
];

function read(text: string): unknown {
  const doc = parseAllDocuments(goYamlLineBreaks(text), { version: '1.1', uniqueKeys: false });
  const first = Array.isArray(doc) ? doc[0] : undefined;
  expect(first?.errors ?? [], text).toEqual([]);
  return first?.toJS();
}

describe('goYamlLineBreaks', () => {
  it.each(KUBECTL)('%j reads as kubectl reads it', (body, annotations) => {
    expect(goYamlFirstError(HEAD + body)).toBeUndefined();
    expect(read(HEAD + body)).toEqual({ metadata: { annotations } });
    // PS as LS
    if (body.includes('\u2028')) {
      const ps = (s: string) => s.replace(/\u2028/g, '\u2029');
      expect(read(ps(HEAD + body))).toEqual({
        metadata: { annotations: JSON.parse(ps(JSON.stringify(annotations))) },
      });
    }
  });

  it('leaves a text without NEL, LS or PS as it is', () => {
    const text = 'a: "x\\u2028"\nb: \u00a0\ufeff\n';
    expect(goYamlLineBreaks(text)).toBe(text);
  });

  it('a plain scalar over lines is a string (a timestamp as the text it was, as kubectl writes it back)', () => {
    expect(
      read('a: 1\u0085\u0085  2\nb: 12\u0085  34\nc: tr\u2028  ue\nd: 2001-12-14\u0085  21:59:43\n'),
    ).toEqual({ a: '1\n2', b: '12 34', c: 'tr\u2028ue', d: '2001-12-14 21:59:43' });
    expect(read('a: [1, tr\u0085ue]\n')).toEqual({ a: [1, 'tr ue'] });
  });

  it('a line break between flow tokens is indented, where go-yaml does not look at indentation', () => {
    expect(read('a: {b: 1,\u2028c: 2}\n')).toEqual({ a: { b: 1, c: 2 } });
    expect(read('a: [1, # one\u20282]\n')).toEqual({ a: [1, 2] });
  });

  it('keeps every line where go-yaml counts it (for error lines and editor markers)', () => {
    const text = 'a: |\n  x\u2028  y\nb: "p\u0085q\n  r"\nc: {d: "s\u2029t",\u2028e: 1}\nf: 2\n';
    const lines = goYamlLineBreaks(text).split('\n');
    expect(lines.findIndex((l) => l.startsWith('b:'))).toBe(3);
    expect(lines.findIndex((l) => l.startsWith('c:'))).toBe(6);
    expect(lines.findIndex((l) => l.startsWith('f:'))).toBe(9);
    expect(read(text)).toEqual({ a: 'x\u2028y\n', b: 'p q r', c: { d: 's\u2029t', e: 1 }, f: 2 });
  });
});
