import { describe, expect, it } from 'vitest';
import { computeHash, getPatch } from './history';
import { newDaemonSet } from '../../testing/builders';

describe('computeHash', () => {
  it('uses the real alphabet and length', () => {
    const h = computeHash(newDaemonSet('a').spec.template);
    expect(h).toMatch(/^[456789bcdf]{1,10}$/);
    expect(h.length).toBeGreaterThanOrEqual(8);
  });
  it('depends only on the template, and on the collision count', () => {
    const a = newDaemonSet('a');
    const b = newDaemonSet('a');
    b.metadata.annotations = { x: 'y' };
    expect(computeHash(a.spec.template)).toBe(computeHash(b.spec.template));
    const c = newDaemonSet('a');
    c.spec.template.spec.containers[0].image = 'other:1';
    expect(computeHash(c.spec.template)).not.toBe(computeHash(a.spec.template));
    expect(computeHash(a.spec.template, 1)).not.toBe(computeHash(a.spec.template));
    expect(computeHash(a.spec.template, 1)).not.toBe(computeHash(a.spec.template, 2));
  });
  it("is not changed by a container's empty resources, which the server's encoder writes", () => {
    const a = newDaemonSet('a');
    const b = newDaemonSet('a');
    delete a.spec.template.spec.containers[0].resources;
    b.spec.template.spec.containers[0].resources = {};
    expect(computeHash(b.spec.template)).toBe(computeHash(a.spec.template));
    b.spec.template.spec.containers[0].resources = { limits: { cpu: '1' } };
    expect(computeHash(b.spec.template)).not.toBe(computeHash(a.spec.template));
  });
  it('does not depend on key order', () => {
    const a = newDaemonSet('a');
    const t = a.spec.template;
    const reordered = { spec: t.spec, metadata: t.metadata };
    expect(computeHash(reordered)).toBe(computeHash(t));
  });
});

describe('getPatch', () => {
  it('wraps the template with $patch: replace, without creationTimestamp (omitzero since 1.34)', () => {
    const p = getPatch(newDaemonSet('a'));
    expect(p.spec.template.$patch).toBe('replace');
    expect(Object.hasOwn(p.spec.template.metadata as Record<string, unknown>, 'creationTimestamp')).toBe(
      false,
    );
  });
});
