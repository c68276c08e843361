import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { Session, type KObject } from '../../engine';
import { ARTICLE_MANIFEST } from '../../engine/scripts';
import { emptyObjects, mergeObjects } from '../../state/clusterSlice';
import { compareSources, defaultPair } from './compareSources';
import { changeBatch } from '../../wire/testing/changeBatch';

function objectsOf(s: Session) {
  return mergeObjects(emptyObjects(), changeBatch({ reset: true, upserts: s.sim.store.all() as KObject[] }));
}

describe('compare sources', () => {
  it('shows the template beside a generated pod, whose extra lines are the injections', () => {
    const s = new Session();
    s.exec('kubectl apply -f -', ARTICLE_MANIFEST);
    s.sim.settle();
    const sources = compareSources(objectsOf(s));
    const [left, right] = defaultPair(sources)!;
    const t = parse(sources.find((x) => x.id === left)!.yaml);
    const p = parse(sources.find((x) => x.id === right)!.yaml);
    expect(t.spec.affinity).toBeUndefined();
    expect(
      p.spec.affinity.nodeAffinity.requiredDuringSchedulingIgnoredDuringExecution.nodeSelectorTerms[0]
        .matchFields[0].key,
    ).toBe('metadata.name');
    expect(p.spec.tolerations.length).toBe(t.spec.tolerations.length + 6);
    expect(Object.keys(p.metadata.labels).sort()).toEqual([
      'controller-revision-hash',
      'name',
      'pod-template-generation',
    ]);
  });

  it('offers the two newest revisions when there is no pod', () => {
    const s = new Session({ preset: 'empty' });
    s.exec('kubectl apply -f -', ARTICLE_MANIFEST);
    s.sim.settle();
    s.exec('kubectl set image ds/fluentd-elasticsearch fluentd-elasticsearch=x:2 -n kube-system');
    s.sim.settle();
    const sources = compareSources(objectsOf(s));
    const pair = defaultPair(sources)!;
    expect(pair.map((id) => id.split('/')[0])).toEqual(['revision', 'revision']);
    expect(sources.filter((x) => x.group === 'revision')).toHaveLength(2);
  });
});

describe('compare sources: ReplicaSets', () => {
  it("lists a Deployment's ReplicaSets by revision; two of them differ by the image and the pod-template-hash", () => {
    const s = new Session();
    s.exec('kubectl create deployment web --image=nginx:1.27 --replicas=2');
    s.sim.settle();
    s.exec('kubectl set image deployment/web nginx=nginx:1.28');
    s.sim.settle();
    const sources = compareSources(objectsOf(s)).filter((x) => x.group === 'replicaSet');
    expect(sources.map((x) => x.label.replace(/web-[a-z0-9]+/, 'web-HASH'))).toEqual([
      'ReplicaSet web-HASH (revision 1)',
      'ReplicaSet web-HASH (revision 2)',
    ]);
    const [a, b] = sources.map((x) => parse(x.yaml));
    expect(a.spec.containers[0].image).toBe('nginx:1.27');
    expect(b.spec.containers[0].image).toBe('nginx:1.28');
    expect(a.metadata.labels['pod-template-hash']).not.toBe(b.metadata.labels['pod-template-hash']);
  });

  it('with no DaemonSet, the default pair is the two newest ReplicaSets', () => {
    const s = new Session({ preset: 'empty' });
    s.exec('kubectl create deployment web --image=nginx:1.27');
    s.sim.settle();
    s.exec('kubectl set image deployment/web nginx=nginx:1.28');
    s.sim.settle();
    const sources = compareSources(objectsOf(s));
    const pair = defaultPair(sources)!;
    expect(pair.map((id) => sources.find((x) => x.id === id)!.group)).toEqual(['replicaSet', 'replicaSet']);
  });
});
