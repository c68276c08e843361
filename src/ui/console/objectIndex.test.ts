// The completion's view of the mirrored objects: names, namespaces, DaemonSet containers and images.

import { describe, expect, it } from 'vitest';
import { Session, type KObject, type Kind } from '../../engine';
import { ARTICLE_MANIFEST } from '../../engine/scripts';
import type { Objects } from '../../state/clusterSlice';
import { objectIndex } from './objectIndex';

function mirror(s: Session): Objects {
  const out: Record<Kind, Record<string, KObject>> = {
    Namespace: {},
    Node: {},
    Pod: {},
    DaemonSet: {},
    ControllerRevision: {},
    Event: {},
    Deployment: {},
    ReplicaSet: {},
    PodDisruptionBudget: {},
    PriorityClass: {},
  };
  for (const kind of Object.keys(out) as Kind[]) {
    for (const o of s.sim.store.list(kind))
      out[kind][o.metadata.namespace ? `${o.metadata.namespace}/${o.metadata.name}` : o.metadata.name] = o;
  }
  return out as unknown as Objects;
}

describe('objectIndex', () => {
  it('lists the images of pods and DaemonSet templates, as written, each once', () => {
    const s = new Session();
    s.exec('kubectl apply -f -', ARTICLE_MANIFEST);
    s.exec('kubectl run web --image=nginx:1.27');
    s.exec('sim settle');
    const images = objectIndex(mirror(s)).images!();
    expect([...images].sort()).toEqual(['k8s.gcr.io/fluentd-elasticsearch:1.20', 'nginx:1.27']);
    expect(objectIndex(mirror(new Session({ preset: 'empty' }))).images!()).toEqual([]);
  });

  it("names the containers of a Pod's spec and of a workload's pod template (set image KIND/NAME CONTAINER=)", () => {
    const s = new Session();
    s.exec('kubectl apply -f -', ARTICLE_MANIFEST);
    s.exec('kubectl create deployment web --image=nginx:1.27');
    s.exec('kubectl run solo --image=busybox');
    s.exec('sim settle');
    const idx = objectIndex(mirror(s));
    expect(idx.containers!('DaemonSet', 'kube-system', 'fluentd-elasticsearch')).toEqual([
      'fluentd-elasticsearch',
    ]);
    expect(idx.containers!('Deployment', 'default', 'web')).toEqual(['nginx']);
    const rs = idx.names('ReplicaSet', 'default');
    expect(rs).toHaveLength(1);
    expect(idx.containers!('ReplicaSet', 'default', rs[0])).toEqual(['nginx']);
    expect(idx.containers!('Pod', 'default', 'solo')).toEqual(['solo']);
    expect(idx.containers!('Deployment', 'default', 'nope')).toEqual([]);
    expect(idx.containers!('Node', '', 'master')).toEqual([]);
  });
});
