// RFC 6902 / RFC 7386 examples, and evanphx/json-patch's error texts as kubectl printed them for
// `kubectl patch --local --type json|merge`.

import { describe, expect, it } from 'vitest';
import { checkGoJSON } from './goJson';
import { jsonMergePatch } from './jsonMergePatch';
import { applyJSONPatch, decodePatch } from './jsonPatch';

describe('JSON merge patch (RFC 7386 appendix A)', () => {
  const cases: [unknown, unknown, unknown][] = [
    [{ a: 'b' }, { a: 'c' }, { a: 'c' }],
    [{ a: 'b' }, { b: 'c' }, { a: 'b', b: 'c' }],
    [{ a: 'b' }, { a: null }, {}],
    [{ a: 'b', b: 'c' }, { a: null }, { b: 'c' }],
    [{ a: ['b'] }, { a: 'c' }, { a: 'c' }],
    [{ a: 'c' }, { a: ['b'] }, { a: ['b'] }],
    [{ a: { b: 'c' } }, { a: { b: 'd', c: null } }, { a: { b: 'd' } }],
    [{ a: [{ b: 'c' }] }, { a: [1] }, { a: [1] }],
    [
      ['a', 'b'],
      ['c', 'd'],
      ['c', 'd'],
    ],
    [{ a: 'b' }, ['c'], ['c']],
    [{ a: 'foo' }, null, null],
    [{ a: 'foo' }, 'bar', 'bar'],
    [{ e: null }, { a: 1 }, { e: null, a: 1 }],
    [[1, 2], { a: 'b', c: null }, { a: 'b' }],
    [{}, { a: { bb: { ccc: null } } }, { a: { bb: {} } }],
  ];
  for (const [target, patch, want] of cases)
    it(JSON.stringify([target, patch]), () => expect(jsonMergePatch(target, patch)).toEqual(want));
});

describe('JSON patch (RFC 6902)', () => {
  const doc = { metadata: { labels: { app: 'x' } }, spec: { containers: [{ name: 'a' }, { name: 'b' }] } };
  it('adds, removes, replaces, moves, copies and tests', () => {
    const out = applyJSONPatch(
      doc,
      decodePatch([
        { op: 'add', path: '/metadata/labels/new', value: 'v' },
        { op: 'remove', path: '/spec/containers/1' },
        { op: 'add', path: '/spec/containers/-', value: { name: 'c' } },
        { op: 'add', path: '/spec/containers/0', value: { name: 'z' } },
        { op: 'replace', path: '/spec/containers/-1/name', value: 'last' },
        { op: 'copy', from: '/metadata/labels', path: '/metadata/annotations' },
        { op: 'move', from: '/metadata/labels/app', path: '/metadata/labels/app~1name' },
        { op: 'test', path: '/spec/containers/1/name', value: 'a' },
      ]),
    );
    expect(out).toEqual({
      metadata: { labels: { new: 'v', 'app/name': 'x' }, annotations: { app: 'x', new: 'v' } },
      spec: { containers: [{ name: 'z' }, { name: 'a' }, { name: 'last' }] },
    });
    expect(doc.spec.containers).toHaveLength(2);
  });
  const errs: [unknown, string][] = [
    [
      [{ op: 'replace', path: '/spec/nope/0', value: 'x' }],
      'replace operation does not apply: doc is missing path: /spec/nope/0: missing value',
    ],
    [
      [{ op: 'test', path: '/spec/containers/0/name', value: 'X' }],
      'testing value /spec/containers/0/name failed: test failed',
    ],
    [[{ op: 'bogus', path: '/a' }], 'Unexpected kind: bogus'],
    [
      [{ op: 'remove', path: '/metadata/nope' }],
      "error in remove for path: '/metadata/nope': Unable to remove nonexistent key: nope: missing value",
    ],
    [
      [{ op: 'add', path: '/spec/containers/9', value: {} }],
      "error in add for path: '/spec/containers/9': Unable to access invalid index: 9: invalid index referenced",
    ],
  ];
  for (const [ops, msg] of errs)
    it(msg, () => expect(() => applyJSONPatch(doc, decodePatch(ops))).toThrow(msg));
  it('decodes only a list of objects', () => {
    expect(() => decodePatch({ a: 1 })).toThrow(
      'json: cannot unmarshal object into Go value of type jsonpatch.Patch',
    );
    expect(() => decodePatch([1])).toThrow(
      'json: cannot unmarshal number into Go value of type jsonpatch.Operation',
    );
  });
});

describe("encoding/json's syntax errors", () => {
  const cases: [string, string][] = [
    ['{bad', "invalid character 'b' looking for beginning of object key string"],
    ['{spec:{x:1}}', "invalid character 's' looking for beginning of object key string"],
    ['{"a":', 'unexpected end of JSON input'],
    ['{"a" 1}', "invalid character '1' after object key"],
    ['{"a":1 "b":2}', "invalid character '\"' after object key:value pair"],
    ['[1 2]', "invalid character '2' after array element"],
    ["{'a':1}", "invalid character '\\'' looking for beginning of object key string"],
    ['{"a":tru}', "invalid character '}' in literal true (expecting 'e')"],
    ['{} x', "invalid character 'x' after top-level value"],
  ];
  for (const [text, msg] of cases) it(text, () => expect(() => checkGoJSON(text)).toThrow(msg));
  it('accepts JSON', () => expect(() => checkGoJSON(' {"a":[1,-2.5e3,true,null,"\\u00e9"]} ')).not.toThrow());
});
