import { describe, expect, it } from 'vitest';
import { goYamlFirstError, goYamlTokens } from './goYaml';

// Every case checked with the real kubectl 1.33 (go.yaml.in/yaml/v2 through sigs.k8s.io/yaml):
// `kubectl patch --local -f /dev/null -p TEXT` prints `unable to parse "TEXT": yaml: MESSAGE`, or
// reads the text (null here). The create path (`kubectl create --dry-run=client -f -`) reads each
// `---` chunk with a newline after its last line, which the last cases show.
const ORACLE: [string, string | null][] = [
  ['spec: [', 'line 1: did not find expected node content'],
  ['spec: {', 'line 1: did not find expected node content'],
  ['a: b: c', 'mapping values are not allowed in this context'],
  ['a:\n\tb: c', 'line 2: found character that cannot start any token'],
  ['a: "unterminated', 'found unexpected end of stream'],
  ["a: 'x", 'found unexpected end of stream'],
  ['- a\nb: c', "line 1: did not find expected '-' indicator"],
  ['a:\n  - b\n  c: d', "line 2: did not find expected '-' indicator"],
  ['a: b\n  c: d', 'line 2: mapping values are not allowed in this context'],
  ['a:\n  b: c\n d: e', 'line 2: did not find expected key'],
  ['[a, b', "line 1: did not find expected ',' or ']'"],
  ['a: *unknown', "unknown anchor 'unknown' referenced"],
  ['a: [b, c]]', 'did not find expected key'],
  ['a: @b', 'found character that cannot start any token'],
  ['a: `b`', 'found character that cannot start any token'],
  ['a: %b', 'found character that cannot start any token'],
  ['a: !!int abc', 'cannot decode !!str `abc` as a !!int'],
  ['a: b\n- c', 'line 1: did not find expected key'],
  ['- a\n- b\nc', "line 4: could not find expected ':'"],
  ['a: 1\na: 2', null],
  ['a: |\n  b\n c', 'line 2: did not find expected key'],
  ['"a": "b" "c"', 'did not find expected key'],
  ['a: b # c\n d', 'line 1: did not find expected key'],
  ['a:\n- b\n - c', null],
  [':', 'did not find expected key'],
  ['a: [1, 2', "line 1: did not find expected ',' or ']'"],
  ['a: {b: c', "line 1: did not find expected ',' or '}'"],
  ['a: b\nc', "line 3: could not find expected ':'"],
  ['a:\n  b\n  c: d', 'line 3: mapping values are not allowed in this context'],
  ['\ta: b', 'found character that cannot start any token'],
  ['a: b\n\tc: d', 'line 2: found a tab character that violates indentation'],
  ['a: {b: c}}', 'did not find expected key'],
  ["a: 'it''s' x", 'did not find expected key'],
  ['a: [b\nc: d', "line 1: did not find expected ',' or ']'"],
  ['spec:\n  template: [\n', 'line 2: did not find expected node content'],
  ['a:\n  - b: c\n   d: e', "line 2: did not find expected '-' indicator"],
  ['metadata:\n  name: x\n labels: {}', 'line 2: did not find expected key'],
  ['a: !!map x', null],
  ['a: &x\nb: *y', "unknown anchor 'y' referenced"],
  ['- a\n  - b', null],
  ['a: b\n---\nc: [', null],
  ['a: "\\q"', 'found unknown escape character'],
  ['a:\n  b: c\n  - d', 'line 2: did not find expected key'],
  ['a: b c: d', 'mapping values are not allowed in this context'],
  [
    'apiVersion: v1\nkind: Pod\nmetadata:\n  name: x\nspec:\n  containers:\n  - name: a\n   image: nginx\n',
    'line 7: did not find expected key',
  ],
  [
    'apiVersion: v1\nkind: Pod\nmetadata:\n  name: x\nspec:\n  containers:\n  - name: a\n    image: nginx\n   ports: []\n',
    'line 8: did not find expected key',
  ],
  [
    'apiVersion: v1\nkind: Pod\nmetadata:\n  name: x\nspec:\n  containers:\n    - name: a\n    image: b\n',
    "line 7: did not find expected '-' indicator",
  ],
  ['apiVersion: v1\nkind: Pod\nmetadata:\n  name: x\nspec:\n containers:\n  - name: a\n image: b\n', null],
  [
    'apiVersion: v1\nkind: Pod\nmetadata:\n  name: x\nspec:\n  containers:\n  - name: a\n    command: [sh, -c, "echo hi]\n',
    'line 9: found unexpected end of stream',
  ],
  [
    'apiVersion: v1\nkind: Pod\nmetadata:\n  name: x\nspec:\n  containers:\n  - name: a\n    image: "nginx\n',
    'line 9: found unexpected end of stream',
  ],
  ['apiVersion: v1\nkind: Pod\nmetadata:\n  name: x\n  labels:\n    app: x\n', null],
  [
    'apiVersion: v1\nkind: Pod\nmetadata:\n  name: x\nspec:\n\tcontainers: []\n',
    'line 6: found character that cannot start any token',
  ],
  [
    "apiVersion: v1\nkind: Pod\nmetadata:\n  name: x\nspec:\n  containers:\n  - name: a\n    args: ['a', 'b'\n",
    "line 8: did not find expected ',' or ']'",
  ],
  [
    'apiVersion: v1\nkind: Pod\nmetadata:\n  name: x\nspec:\n  nodeSelector:\n    disk: ssd\n      zone: a\n',
    'line 8: mapping values are not allowed in this context',
  ],
  [
    'apiVersion: v1\nkind: Pod\nmetadata:\n  name: x\nspec:\n  containers:\n  - name: a\n    image: nginx\n  - name b\n',
    null,
  ],
  [
    'apiVersion: v1\nkind: Pod\nmetadata:\n  name: x\nspec:\n  containers:\n  - name: a\n    env:\n    - name: X\n      value: {a: b\n',
    "line 10: did not find expected ',' or '}'",
  ],
  ['apiVersion: v1\nkind: Pod\nmetadata:\nname: x\n', null],
  ['apiVersion: v1\n kind: Pod\n', 'line 2: mapping values are not allowed in this context'],
  [
    'apiVersion: v1\nkind: Pod\nmetadata: name: x\n',
    'line 3: mapping values are not allowed in this context',
  ],
  [
    'apiVersion: v1\nkind: Pod\nmetadata:\n  name: x\nspec: {containers: [{name: a, image: b}]\n',
    "line 5: did not find expected ',' or '}'",
  ],
  [
    'apiVersion: v1\nkind: Pod\nmetadata:\n  name: x\nspec:\n  containers:\n  - name: a\n    image: b # comment\n    - x\n',
    'line 8: did not find expected key',
  ],
  [
    'apiVersion: v1\nkind: Pod\nmetadata:\n  name: x\nspec:\n  containers:\n  - name: &a a\n    image: *b\n',
    "unknown anchor 'b' referenced",
  ],
  [
    'apiVersion: v1\nkind: Pod\nmetadata:\n  name: x\nspec:\n  containers:\n  - name: a\n    image: |\n  b\n',
    "line 10: could not find expected ':'",
  ],
  [
    'apiVersion: v1\nkind: Pod\nmetadata:\n  name: x\ndata:\n  x: >\n    a\n   b: c\n',
    'line 7: did not find expected key',
  ],
  [
    'apiVersion: v1\nkind: Pod\nmetadata:\n  name: x\nspec:\n  containers:\n  - name: a\n    image: b\n---\nfoo: [\n',
    null,
  ],
  [
    "apiVersion: v1\nkind: Pod\nmetadata:\n  name: x\nspec:\n  containers:\n  - name: 'a\n",
    'line 8: found unexpected end of stream',
  ],
  [
    'apiVersion: v1\nkind: Pod\nmetadata:\n  name: x\nspec:\n  containers:\n  - name: a\n    image: b\n  -name: c\n',
    null,
  ],
  ['key: value\n  - item\n', null],
  ['a:\n  b:\n    c: d\n   e: f\n', 'line 3: did not find expected key'],
  ['? a\n: b\n? c\n', null],
  ['a: b\n...\nc: [\n', null],
  ['%YAML 1.1\n---\na: [\n', 'line 3: did not find expected node content'],
  ['a: !!bool maybe\n', 'cannot decode !!str `maybe` as a !!bool'],
  ['a: !!float 1.5x\n', 'cannot decode !!str `1.5x` as a !!float'],
  ['a: !!int 5\nb: [\n', 'line 2: did not find expected node content'],
];

describe('goYamlFirstError (go-yaml v2 as kubectl reads YAML)', () => {
  it.each(ORACLE)('%j', (input, expected) => {
    expect(goYamlFirstError(input)?.message ?? null).toBe(expected);
  });

  it('names the line a stream that ends in a quoted scalar ends on, when the reader added a newline', () => {
    // `kubectl create -f -` of the same text: the YAML reader ends the line, so the end is on line 2
    expect(goYamlFirstError('a: "unterminated\n')?.message).toBe('line 2: found unexpected end of stream');
    expect(goYamlFirstError("a: 'x\n")?.message).toBe('line 2: found unexpected end of stream');
  });

  it('says where the problem is, for editor markers', () => {
    expect(goYamlFirstError('a:\n  b: c\n d: e')).toEqual({
      message: 'line 2: did not find expected key',
      line: 3,
    });
  });

  it('reads only the first document, as yaml.Unmarshal does', () => {
    expect(goYamlFirstError('a: b\n---\nc: [')).toBeUndefined();
    expect(goYamlFirstError('a: b\n...\nc: [\n')).toBeUndefined();
  });
});

describe('goYamlTokens: scalar values as go-yaml reads them', () => {
  const values = (text: string) => goYamlTokens(text).scalars.map((t) => t.value);

  it('escapes of double-quoted scalars, YAML 1.1 ones included', () => {
    expect(values('a: "\\N\\L\\P\\_\\x41\\u00e9\\U0001F600\\t\\e"')).toEqual([
      'a',
      '\u0085\u2028\u2029\u00a0A\u00e9\u{1F600}\t\x1b',
    ]);
    expect(values("a: 'it''s'")).toEqual(['a', "it's"]);
  });

  it('folding: a line break is a space, an empty line a line break; LS and PS are kept', () => {
    expect(values('a: "x\n  y\n\n  z"')).toEqual(['a', 'x y\nz']);
    expect(values('a: x\n  y\u2028  z')).toEqual(['a', 'x y\u2028z']);
    expect(values('a: >\n  x\n  y\u2028  z\n')).toEqual(['a', 'x y\u2028z\n']);
    expect(values('a: |-\n  x\n  y\n\n')).toEqual(['a', 'x\ny']);
    expect(values('a: |+\n  x\n\n')).toEqual(['a', 'x\n\n']);
  });

  it('spans in code points, outermost flow collections with their column', () => {
    const t = goYamlTokens('a: [b, {c: "\u{1F600}d"}]\ne: f\n');
    expect(t.scalars.map((x) => [x.start, x.end])).toEqual([
      [0, 1],
      [4, 5],
      [8, 9],
      [11, 15],
      [18, 19],
      [21, 22],
    ]);
    expect(t.flows).toEqual([{ start: 3, end: 17, column: 3 }]);
  });
});
