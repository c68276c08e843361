import { describe, expect, it } from 'vitest';
import { why } from '../../../engine';
import type { Session } from '../../../engine';
import type { DaemonSet, Node } from '../../../engine';
import type { WhyData } from '../../../wire/protocol';
import { checkWords, fixesFor, verdict } from './why';
import { articleCluster, run } from '../testing/testCluster';
import { addCommand } from '../../palette/kinds';

/** What the worker answers to `{type: 'why'}` (the same mapping as worker/host.ts). */
function whyData(s: Session, node: string): WhyData[] {
  return why(s.sim, node, undefined).map((w) => ({
    daemonSet: { namespace: w.ds.metadata.namespace ?? 'default', name: w.ds.metadata.name },
    node: w.node.metadata.name,
    shouldRun: w.shouldRun,
    shouldContinueRunning: w.shouldContinueRunning,
    checks: w.checks.map((c) => ({
      check: c.check,
      passed: c.passed,
      message: c.message,
      blocks: c.blocks,
      taint: c.taint,
    })),
    scheduler: w.scheduler.map((x) => ({ name: x.name, passed: x.passed, reason: x.reason })),
    decisions: w.decisions.map((d) => ({ action: d.action, pod: d.pod, reason: d.reason })),
  }));
}

const dsOf = (s: Session) =>
  s.sim.store.get('DaemonSet', 'kube-system', 'fluentd-elasticsearch') as DaemonSet;
const nodeOf = (s: Session, n: string) => s.sim.store.get('Node', undefined, n) as Node;

describe('why panel data', () => {
  it('explains a GPU node: untolerated taint, with tolerate and untaint fixes that work', () => {
    const s = articleCluster();
    run(s, addCommand('gpu', 'gpu-1'));
    run(s, 'sim settle');
    const [r] = whyData(s, 'gpu-1');
    expect(verdict(r)).toEqual({ key: 'why.verdict.noNewButKeep' });
    const words = r.checks.map((c) => checkWords(c, dsOf(s), nodeOf(s, 'gpu-1')));
    expect(words).toEqual([
      { key: 'why.check.nodeSelectorNone' },
      { key: 'why.check.affinityNone' },
      { key: 'why.check.taintFailNew', params: { taint: 'nvidia.com/gpu=present:NoSchedule' } },
    ]);
    const fixes = fixesFor(r, dsOf(s), nodeOf(s, 'gpu-1'));
    expect(fixes.map((f) => f.id)).toEqual([
      'tolerate:nvidia.com/gpu=present:NoSchedule',
      'untaint:nvidia.com/gpu=present:NoSchedule',
    ]);
    const untaint = fixes[1];
    if (untaint.type !== 'untaint') throw new Error('expected untaint');
    run(s, untaint.command);
    run(s, 'sim settle');
    expect(whyData(s, 'gpu-1')[0].shouldRun).toBe(true);
  });

  it('says which tolerations are the template and which the controller injected', () => {
    const s = articleCluster();
    run(s, 'kubectl cordon node-1');
    run(s, 'sim advance 1s');
    const master = whyData(s, 'master')[0];
    expect(master.checks.map((c) => checkWords(c, dsOf(s), nodeOf(s, 'master')).key)).toContain(
      'why.check.taintByTemplate',
    );
    const node1 = whyData(s, 'node-1')[0];
    const w = node1.checks.map((c) => checkWords(c, dsOf(s), nodeOf(s, 'node-1')));
    expect(w).toContainEqual({
      key: 'why.check.taintInjected',
      params: { taint: 'node.kubernetes.io/unschedulable:NoSchedule' },
    });
    expect(verdict(node1)).toEqual({ key: 'why.verdict.run' });
    expect(fixesFor(node1, dsOf(s), nodeOf(s, 'node-1'))).toEqual([]);
  });

  it('offers to label the node when the nodeSelector does not match', () => {
    const s = articleCluster();
    const ds = dsOf(s);
    const m = JSON.parse(
      JSON.stringify({
        apiVersion: 'apps/v1',
        kind: 'DaemonSet',
        metadata: { name: 'ssd-agent', namespace: 'kube-system' },
        spec: ds.spec,
      }),
    );
    m.spec.selector = { matchLabels: { name: 'ssd-agent' } };
    m.spec.template.metadata = { labels: { name: 'ssd-agent' } };
    m.spec.template.spec.nodeSelector = { disktype: 'ssd' };
    run(s, 'kubectl apply -f -', JSON.stringify(m));
    run(s, 'sim settle');
    const r = whyData(s, 'node-1').find((x) => x.daemonSet.name === 'ssd-agent')!;
    const ssd = s.sim.store.get('DaemonSet', 'kube-system', 'ssd-agent') as DaemonSet;
    expect(verdict(r)).toEqual({ key: 'why.verdict.noRun' });
    expect(checkWords(r.checks[0], ssd, nodeOf(s, 'node-1'))).toEqual({
      key: 'why.check.nodeSelectorFail',
      params: { selector: 'disktype=ssd', missing: 'disktype=ssd' },
    });
    const fixes = fixesFor(r, ssd, nodeOf(s, 'node-1'));
    expect(fixes).toEqual([
      {
        type: 'label',
        id: 'label:disktype',
        key: 'disktype',
        value: 'ssd',
        command: 'kubectl label nodes node-1 disktype=ssd',
      },
    ]);
    run(s, (fixes[0] as { command: string }).command);
    run(s, 'sim settle');
    expect(whyData(s, 'node-1').find((x) => x.daemonSet.name === 'ssd-agent')!.shouldRun).toBe(true);
  });
});
