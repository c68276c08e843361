import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import type { DaemonSet, Pod } from '../../../engine';
import { daemonSetManifest, lineDiff, tolerationFor, withToleration } from './manifest';
import { podTemplateYaml, templateYaml, toYaml } from './manifestYaml';
import { articleCluster, run } from '../testing/testCluster';
import { tolerating } from './highlight';
import { addCommand } from '../../palette/kinds';

const liveDs = (s: ReturnType<typeof articleCluster>) =>
  s.sim.store.get('DaemonSet', 'kube-system', 'fluentd-elasticsearch') as DaemonSet;

describe('the one-click toleration fix', () => {
  it('strips status and server-set fields from the live DaemonSet', () => {
    const m = daemonSetManifest(liveDs(articleCluster()));
    expect(Object.keys(m)).toEqual(['apiVersion', 'kind', 'metadata', 'spec']);
    expect(m.metadata).toEqual({
      name: 'fluentd-elasticsearch',
      namespace: 'kube-system',
      labels: { 'k8s-app': 'fluentd-logging' },
    });
    expect(toYaml(m)).not.toMatch(/uid|resourceVersion|creationTimestamp|last-applied|status/);
  });

  it('adds exactly the toleration lines, and applying it puts a pod on the tainted node', () => {
    const s = articleCluster();
    run(s, addCommand('gpu', 'gpu-1'));
    run(s, 'sim settle');
    expect(s.sim.store.list('Pod', 'kube-system').some((p) => (p as Pod).spec.nodeName === 'gpu-1')).toBe(
      false,
    );

    const taint = s.sim.store.get('Node', undefined, 'gpu-1')!.spec.taints![0];
    const tol = tolerationFor(taint);
    expect(tol).toEqual({ key: 'nvidia.com/gpu', operator: 'Equal', value: 'present', effect: 'NoSchedule' });
    const before = daemonSetManifest(liveDs(s));
    const after = withToleration(before, tol);
    const d = lineDiff(toYaml(before), toYaml(after));
    expect(d.removed).toEqual([]);
    expect(d.added.map((l) => l.trim())).toEqual([
      '- key: nvidia.com/gpu',
      'operator: Equal',
      'value: present',
      'effect: NoSchedule',
    ]);
    expect(withToleration(after, tol)).toEqual(after);

    run(s, 'kubectl apply -f -', toYaml(after));
    run(s, 'sim settle');
    const pods = s.sim.store.list('Pod', 'kube-system') as Pod[];
    expect(pods.filter((p) => p.spec.nodeName === 'gpu-1').map((p) => p.status.phase)).toEqual(['Running']);
    expect(parse(toYaml(after)).spec.template.spec.tolerations).toHaveLength(2);
  });

  it('uses Exists for a taint without a value', () => {
    expect(tolerationFor({ key: 'node-role.kubernetes.io/control-plane', effect: 'NoSchedule' })).toEqual({
      key: 'node-role.kubernetes.io/control-plane',
      operator: 'Exists',
      effect: 'NoSchedule',
    });
  });
});

describe('lineDiff', () => {
  it('finds the changed block with context', () => {
    expect(lineDiff('a\nb\nc\nd', 'a\nb\nX\nY\nc\nd', 1)).toEqual({
      before: ['b'],
      removed: [],
      added: ['X', 'Y'],
      after: ['c'],
      line: 3,
    });
    expect(lineDiff('a\nb', 'a\nc')).toEqual({
      before: ['a'],
      removed: ['b'],
      added: ['c'],
      after: [],
      line: 2,
    });
  });
});

describe('template vs pod', () => {
  it('shows the labels and tolerations the controller added', () => {
    const s = articleCluster();
    const ds = liveDs(s);
    const pod = s.sim.store.list('Pod', 'kube-system')[0] as Pod;
    const t = parse(templateYaml(ds));
    const p = parse(podTemplateYaml(pod));
    expect(Object.keys(t)).toEqual(['metadata', 'spec']);
    expect(Object.keys(p)).toEqual(['metadata', 'spec']);
    expect(p.metadata.labels['controller-revision-hash']).toBeDefined();
    expect(t.metadata.labels['controller-revision-hash']).toBeUndefined();
    expect(p.spec.tolerations.length).toBe(t.spec.tolerations.length + 6);
    expect(
      p.spec.affinity.nodeAffinity.requiredDuringSchedulingIgnoredDuringExecution.nodeSelectorTerms[0]
        .matchFields[0].key,
    ).toBe('metadata.name');
  });
});

describe('taint hover', () => {
  it('lights the pods and DaemonSets that tolerate the taint', () => {
    const s = articleCluster();
    run(s, 'kubectl run web --image=nginx');
    run(s, 'sim settle');
    const pods = Object.fromEntries(
      s.sim.store.list('Pod').map((p) => [`${p.metadata.namespace}/${p.metadata.name}`, p as Pod]),
    );
    const dss = { 'kube-system/fluentd-elasticsearch': liveDs(s) };
    const master = tolerating({ key: 'node-role.kubernetes.io/master', effect: 'NoSchedule' }, pods, dss);
    expect([...master.pods].every((k) => k.startsWith('kube-system/fluentd'))).toBe(true);
    expect(master.pods.size).toBe(2);
    expect([...master.daemonSets]).toEqual(['kube-system/fluentd-elasticsearch']);
    // Injected tolerations count: every daemon pod tolerates unschedulable; the bare pod does not.
    const cordon = tolerating({ key: 'node.kubernetes.io/unschedulable', effect: 'NoSchedule' }, pods, dss);
    expect(cordon.pods.size).toBe(2);
    expect(cordon.daemonSets.size).toBe(1);
    const gpu = tolerating({ key: 'nvidia.com/gpu', value: 'present', effect: 'NoSchedule' }, pods, dss);
    expect(gpu.pods.size + gpu.daemonSets.size).toBe(0);
  });
});

describe('dedentDiff', () => {
  it('removes the shared indentation only', async () => {
    const { dedentDiff } = await import('./manifest');
    expect(
      dedentDiff({
        before: ['      a:'],
        removed: [],
        added: ['      - x', '        y'],
        after: ['    b'],
        line: 2,
      }),
    ).toEqual({
      before: ['  a:'],
      removed: [],
      added: ['  - x', '    y'],
      after: ['b'],
      line: 2,
    });
  });
});
