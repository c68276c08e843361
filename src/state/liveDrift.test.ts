import { describe, expect, it } from 'vitest';
import type { Kind, KObject } from '../engine';
import { fingerprints, liveDrift, liveText, manifestRefs, recordChange } from './liveDrift';

const TEXT = `apiVersion: apps/v1
kind: DaemonSet
metadata:
  name: fluentd
  namespace: kube-system
spec:
  template:
    spec:
      containers:
        - name: fluentd
          image: fluentd:v1
`;

function ds(image: string, extra: Record<string, unknown> = {}): KObject {
  return {
    apiVersion: 'apps/v1',
    kind: 'DaemonSet',
    metadata: {
      name: 'fluentd',
      namespace: 'kube-system',
      uid: 'u1',
      resourceVersion: '7',
      annotations: { 'kubectl.kubernetes.io/last-applied-configuration': '{}' },
    },
    // the server's defaults beside what the manifest says
    spec: {
      revisionHistoryLimit: 10,
      template: {
        spec: { containers: [{ name: 'fluentd', image, imagePullPolicy: 'IfNotPresent' }], ...extra },
      },
    },
    status: { numberReady: 1 },
  } as unknown as KObject;
}

function cluster(obj: KObject | undefined) {
  return (kind: Kind, key: string) =>
    kind === 'DaemonSet' && key === 'kube-system/fluentd' ? obj : undefined;
}

describe('the editor against the live objects', () => {
  it('finds the objects a manifest names, namespaced ones in "default" when it says none', () => {
    expect(manifestRefs(TEXT).map((r) => `${r.kind} ${r.key}`)).toEqual(['DaemonSet kube-system/fluentd']);
    expect(
      manifestRefs(
        'kind: DaemonSet\nmetadata: {name: x}\n---\nkind: Node\nmetadata: {name: n1}\n---\n: bad',
      ).map((r) => r.key),
    ).toEqual(['default/x', '/n1']);
  });

  it('names the command that changed the live object, and agrees again after an undo', () => {
    const applied = ds('fluentd:v1');
    const before = fingerprints(TEXT, cluster(applied));
    const afterSet = ds('fluentd:v2');
    let changes = recordChange(
      null,
      TEXT,
      before,
      fingerprints(TEXT, cluster(afterSet)),
      'kubectl set image ds/fluentd fluentd=fluentd:v2',
    );
    expect(liveDrift(TEXT, changes, cluster(afterSet))).toEqual({
      objects: [{ kind: 'DaemonSet', name: 'fluentd', deleted: false }],
      by: ['kubectl set image ds/fluentd fluentd=fluentd:v2'],
    });
    // rollout undo: the template is back; a resourceVersion or status of its own does not count
    const undone = {
      ...ds('fluentd:v1'),
      metadata: { ...applied.metadata, resourceVersion: '12' },
    } as KObject;
    changes = recordChange(
      changes,
      TEXT,
      fingerprints(TEXT, cluster(afterSet)),
      fingerprints(TEXT, cluster(undone)),
      'kubectl rollout undo ds/fluentd',
    );
    expect(changes?.by).toEqual([
      'kubectl set image ds/fluentd fluentd=fluentd:v2',
      'kubectl rollout undo ds/fluentd',
    ]);
    expect(liveDrift(TEXT, changes, cluster(undone))).toBeNull();
  });

  it('a command that changes nothing of the applied objects leaves no record', () => {
    const fp = fingerprints(TEXT, cluster(ds('fluentd:v1')));
    expect(recordChange(null, TEXT, fp, fp, 'kubectl get pods')).toBeNull();
  });

  it('a record about another text does not count', () => {
    const changes = recordChange(null, 'other', { a: '1' }, { a: '2' }, 'kubectl set image …');
    expect(liveDrift(TEXT, changes, cluster(ds('fluentd:v1')))).toBeNull();
  });

  it('without a record, compares what the manifest says with the live object (defaults aside)', () => {
    expect(liveDrift(TEXT, null, cluster(ds('fluentd:v1')))).toBeNull();
    expect(liveDrift(TEXT, null, cluster(ds('fluentd:v2')))?.objects).toEqual([
      { kind: 'DaemonSet', name: 'fluentd', deleted: false },
    ]);
    expect(liveDrift(TEXT, null, cluster(undefined))?.objects).toEqual([
      { kind: 'DaemonSet', name: 'fluentd', deleted: true },
    ]);
    expect(liveDrift(null, null, cluster(undefined))).toBeNull();
  });

  it('a toleration added by the Why panel (a field the manifest lacks) is a change', () => {
    const before = fingerprints(TEXT, cluster(ds('fluentd:v1')));
    const fixed = ds('fluentd:v1', {
      tolerations: [{ key: 'gpu', operator: 'Exists', effect: 'NoSchedule' }],
    });
    const changes = recordChange(
      null,
      TEXT,
      before,
      fingerprints(TEXT, cluster(fixed)),
      'kubectl apply -f daemonset-with-toleration.yaml',
    );
    expect(liveDrift(TEXT, changes, cluster(fixed))?.by).toEqual([
      'kubectl apply -f daemonset-with-toleration.yaml',
    ]);
  });

  it('"Load the live object" gives an applyable manifest: no status, no server fields', () => {
    const text = liveText(TEXT, cluster(ds('fluentd:v2')));
    expect(text).toContain('image: fluentd:v2');
    expect(text).toContain('namespace: kube-system');
    expect(text).not.toMatch(/status:|resourceVersion|uid:|last-applied/);
    // and it agrees with the live object
    expect(liveDrift(text, null, cluster(ds('fluentd:v2')))).toBeNull();
  });
});
