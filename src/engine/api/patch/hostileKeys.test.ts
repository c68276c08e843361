import { describe, expect, it } from 'vitest';
import { jsonMergePatch } from './jsonMergePatch';
import { applyJSONPatch, decodePatch } from './jsonPatch';
import { strategicMergePatch } from './strategicMerge';

// A key `__proto__` from a patch is a key (that validation then rejects as a label), never the
// object's prototype: `kubectl label node n __proto__=x` over the served cluster found it lost.
const keys = (o: unknown) => Object.keys((o as { metadata: { labels: object } }).metadata.labels);

describe('patches with a __proto__ key', () => {
  const node = () => ({ metadata: { name: 'n', labels: { a: 'b' } } });
  const patch = JSON.parse('{"metadata":{"labels":{"__proto__":"x"}}}') as Record<string, unknown>;

  it('JSON merge patch keeps it as an own key', () => {
    const out = jsonMergePatch(node(), patch);
    expect(keys(out)).toEqual(['a', '__proto__']);
    expect(Object.getPrototypeOf((out as { metadata: { labels: object } }).metadata.labels)).toBe(
      Object.prototype,
    );
  });

  it('strategic merge patch keeps it as an own key', () => {
    expect(keys(strategicMergePatch(node(), patch, 'Node'))).toEqual(['a', '__proto__']);
  });

  it('JSON patch add keeps it as an own key', () => {
    const out = applyJSONPatch(
      node(),
      decodePatch([{ op: 'add', path: '/metadata/labels/__proto__', value: 'x' }]),
    );
    expect(keys(out)).toEqual(['a', '__proto__']);
  });
});
