// Field ownership and server-side apply (managedFields.ts) through the store: the sets, the Update
// entries of other writers, conflicts, force, prune and shared ownership. The fieldsV1 and messages
// expected here are the ones kubectl 1.33 printed against serve (src/scenarios/server-side-apply).

import { describe, expect, it } from 'vitest';
import { Simulation } from '../simulation';
import { applyPreset } from '../cluster/presets';
import { StatusError } from './errors';
import { compare, FieldSet, pathString, toFieldSet } from './managedFields';
import type { Deployment, KObject } from './types';

const web = (image = 'nginx:1.27', extra: Record<string, unknown> = {}): KObject =>
  ({
    apiVersion: 'apps/v1',
    kind: 'Deployment',
    metadata: { name: 'web', namespace: 'default', labels: { app: 'web' } },
    spec: {
      replicas: 2,
      selector: { matchLabels: { app: 'web' } },
      template: {
        metadata: { labels: { app: 'web' } },
        spec: { containers: [{ name: 'nginx', image, ports: [{ containerPort: 80 }], ...extra }] },
      },
    },
  }) as unknown as KObject;

function sim(): Simulation {
  const s = new Simulation({ seed: 1 });
  applyPreset(s, 'large', 2);
  return s;
}

const managers = (o: KObject) =>
  (o.metadata.managedFields ?? []).map(
    (e) => `${e.manager} ${e.operation}${e.subresource ? ` ${e.subresource}` : ''}`,
  );

function conflictOf(f: () => unknown): StatusError {
  try {
    f();
  } catch (e) {
    if (e instanceof StatusError) return e;
    throw e;
  }
  throw new Error('no conflict');
}

describe('field sets', () => {
  it('ToFieldSet: leaves, list items by key (with the defaulted protocol), an atomic selector, no server fields', () => {
    expect(toFieldSet(web(), 'Deployment').toFieldsV1()).toEqual({
      'f:metadata': { 'f:labels': { 'f:app': {} } },
      'f:spec': {
        'f:replicas': {},
        'f:selector': {},
        'f:template': {
          'f:metadata': { 'f:labels': { 'f:app': {} } },
          'f:spec': {
            'f:containers': {
              'k:{"name":"nginx"}': {
                '.': {},
                'f:image': {},
                'f:name': {},
                'f:ports': { 'k:{"containerPort":80,"protocol":"TCP"}': { '.': {}, 'f:containerPort': {} } },
              },
            },
          },
        },
      },
    });
  });

  it('Compare: a changed image is modified, a new container and its fields added, a dropped label removed', () => {
    const a = web();
    const b = web('nginx:1.28') as unknown as Deployment;
    b.spec.template.spec.containers.push({ name: 'side', image: 'busybox' });
    delete (b.metadata as { labels?: unknown }).labels;
    const c = compare(a, b, 'Deployment');
    const list = (s: FieldSet) => s.paths().map(pathString);
    expect(list(c.modified)).toEqual(['.spec.template.spec.containers[name="nginx"].image']);
    expect(list(c.added)).toEqual([
      '.spec.template.spec.containers[name="side"]',
      '.spec.template.spec.containers[name="side"].image',
      '.spec.template.spec.containers[name="side"].name',
    ]);
    expect(list(c.removed)).toEqual(['.metadata.labels', '.metadata.labels.app']);
  });

  it('round-trips through fieldsV1', () => {
    const s = toFieldSet(web(), 'Deployment');
    expect(FieldSet.fromFieldsV1(s.toFieldsV1()).equals(s)).toBe(true);
  });
});

describe('server-side apply through the store', () => {
  it('creates with one Apply entry; another writer gets an Update entry for what it changed', () => {
    const s = sim();
    const { obj, created } = s.store.apply(web(), { fieldManager: 'kubectl' });
    expect(created).toBe(true);
    expect(managers(obj)).toEqual(['kubectl Apply']);
    const d = structuredClone(obj) as Deployment;
    d.spec.template.spec.containers[0].image = 'nginx:1.28';
    const set = s.store.update(d, { fieldManager: 'kubectl-set' });
    expect(managers(set)).toEqual(['kubectl Apply', 'kubectl-set Update']);
    const entry = set.metadata.managedFields![1];
    expect(entry.fieldsV1).toEqual({
      'f:spec': {
        'f:template': { 'f:spec': { 'f:containers': { 'k:{"name":"nginx"}': { 'f:image': {} } } } },
      },
    });
    // the applier no longer owns the image
    expect(JSON.stringify(set.metadata.managedFields![0].fieldsV1)).not.toContain('f:image');
  });

  it('a conflicting apply is the 409 the API server words, and changes nothing; --force-conflicts takes the field', () => {
    const s = sim();
    const { obj } = s.store.apply(web(), { fieldManager: 'kubectl' });
    const d = structuredClone(obj) as Deployment;
    d.spec.template.spec.containers[0].image = 'nginx:1.28';
    s.store.update(d, { fieldManager: 'kubectl-set' });
    const rv = s.store.get('Deployment', 'default', 'web')!.metadata.resourceVersion;
    const err = conflictOf(() => s.store.apply(web(), { fieldManager: 'kubectl' }));
    expect(err.code).toBe(409);
    expect(err.message).toBe(
      'Apply failed with 1 conflict: conflict with "kubectl-set" using apps/v1 at 2026-01-01T00:00:00Z: .spec.template.spec.containers[name="nginx"].image',
    );
    expect(err.causes).toEqual([
      {
        reason: 'FieldManagerConflict',
        message: 'conflict with "kubectl-set" using apps/v1 at 2026-01-01T00:00:00Z',
        field: '.spec.template.spec.containers[name="nginx"].image',
      },
    ]);
    expect(s.store.get('Deployment', 'default', 'web')!.metadata.resourceVersion).toBe(rv);
    const forced = s.store.apply(web(), { fieldManager: 'kubectl', force: true }).obj as Deployment;
    expect(forced.spec.template.spec.containers[0].image).toBe('nginx:1.27');
    expect(managers(forced)).toEqual(['kubectl Apply']);
  });

  it('an apply of the value the other manager set shares the field: no conflict', () => {
    const s = sim();
    const { obj } = s.store.apply(web(), { fieldManager: 'kubectl' });
    const d = structuredClone(obj) as Deployment;
    d.spec.template.spec.containers[0].image = 'nginx:1.28';
    s.store.update(d, { fieldManager: 'kubectl-set' });
    const shared = s.store.apply(web('nginx:1.28'), { fieldManager: 'kubectl' }).obj;
    expect(managers(shared)).toEqual(['kubectl Apply', 'kubectl-set Update']);
  });

  it('several conflicts are listed by manager', () => {
    const s = sim();
    const { obj } = s.store.apply(web(), { fieldManager: 'a' });
    const d = structuredClone(obj) as Deployment;
    d.spec.replicas = 5;
    d.spec.template.spec.containers[0].image = 'nginx:1.28';
    s.store.update(d, { fieldManager: 'b' });
    const err = conflictOf(() => s.store.apply(web('nginx:1.29'), { fieldManager: 'c' }));
    expect(err.message).toBe(
      'Apply failed with 2 conflicts: conflicts with "b" using apps/v1 at 2026-01-01T00:00:00Z:\n- .spec.replicas\n- .spec.template.spec.containers[name="nginx"].image',
    );
  });

  it('prunes what the manager applied before and no longer applies, unless another manager owns it', () => {
    const s = sim();
    s.store.apply(web('nginx:1.27', { env: [{ name: 'A', value: '1' }] }), { fieldManager: 'kubectl' });
    const pruned = s.store.apply(web(), { fieldManager: 'kubectl' }).obj as Deployment;
    expect(pruned.spec.template.spec.containers[0].env).toBeUndefined();
    // replicas, no longer in the manifest but owned by no one else: removed, then defaulted again
    const cfg = web() as unknown as Deployment;
    delete (cfg.spec as { replicas?: number }).replicas;
    const noReplicas = s.store.apply(cfg as unknown as KObject, { fieldManager: 'kubectl' })
      .obj as Deployment;
    expect(noReplicas.spec.replicas).toBe(1);
  });

  it('keeps the entries (and their times) of a write that changes nothing', () => {
    const s = sim();
    const { obj } = s.store.apply(web(), { fieldManager: 'kubectl' });
    s.advance(60_000);
    const before = s.store.get('Deployment', 'default', 'web')!;
    const again = s.store.apply(web(), { fieldManager: 'kubectl' }).obj;
    expect(again.metadata.resourceVersion).toBe(before.metadata.resourceVersion);
    expect(again.metadata.managedFields).toEqual(obj.metadata.managedFields);
  });

  it('writes without a manager (the controllers) keep the entries as they are', () => {
    const s = sim();
    s.store.apply(web(), { fieldManager: 'kubectl' });
    s.settle();
    const d = s.store.get('Deployment', 'default', 'web')!;
    expect(managers(d)).toEqual(['kubectl Apply']);
  });
});
