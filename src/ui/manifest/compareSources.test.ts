import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { Session, type KObject } from '../../engine';
import { ARTICLE_MANIFEST } from '../../engine/scripts';
import { emptyObjects, mergeObjects } from '../../state/clusterSlice';
import { compareSources, defaultPair } from './compareSources';

function objectsOf(s: Session) {
  return mergeObjects(emptyObjects(), {
    type: 'changes',
    reset: true,
    upserts: s.sim.store.all() as KObject[],
    deletes: [],
    now: 0,
    start: 0,
    steps: [],
    events: [],
    playing: false,
    speed: 1,
    inputs: [],
  });
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
