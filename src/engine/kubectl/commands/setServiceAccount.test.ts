// kubectl set serviceaccount and set selector (src/scenarios/set-serviceaccount-selector.sim holds
// the transcript checked against the real kubectl 1.33).

import { describe, expect, it } from 'vitest';
import type { DaemonSet } from '../../api/types';
import { applyPreset } from '../../cluster/presets';
import { ARTICLE_MANIFEST } from '../../cluster/manifests';
import { Simulation } from '../../simulation';
import { runKubectlLine } from '../index';

function text(s: Simulation, line: string): string {
  return runKubectlLine(s, line)
    .chunks.map((c) => c.text)
    .join('');
}

function article(): Simulation {
  const s = new Simulation({ seed: 1 });
  applyPreset(s, 'article');
  runKubectlLine(s, 'kubectl apply -f -', { stdin: ARTICLE_MANIFEST });
  s.settle();
  return s;
}

describe('kubectl set serviceaccount', () => {
  it("changes the template's account: the DaemonSet rolls its pods out with it", () => {
    const s = article();
    expect(text(s, 'kubectl set sa ds/fluentd-elasticsearch -n kube-system fluentd')).toBe(
      'daemonset.apps/fluentd-elasticsearch serviceaccount updated\n',
    );
    const ds = s.store.get('DaemonSet', 'kube-system', 'fluentd-elasticsearch') as DaemonSet;
    expect(ds.spec.template.spec.serviceAccountName).toBe('fluentd');
    s.settle();
    const pods = s.store.list('Pod', 'kube-system');
    expect(pods).toHaveLength(2);
    for (const p of pods) expect(p.spec.serviceAccountName).toBe('fluentd');
    expect(s.store.list('ControllerRevision', 'kube-system')).toHaveLength(2);
  });

  it('--dry-run=client changes nothing; --record names the command as typed', () => {
    const s = article();
    expect(text(s, 'kubectl set sa ds/fluentd-elasticsearch -n kube-system x --dry-run=client')).toBe(
      'daemonset.apps/fluentd-elasticsearch serviceaccount updated (dry run)\n',
    );
    const ds = () => s.store.get('DaemonSet', 'kube-system', 'fluentd-elasticsearch') as DaemonSet;
    expect(ds().spec.template.spec.serviceAccountName).toBeUndefined();
    text(s, 'kubectl set serviceaccount daemonset fluentd-elasticsearch -n kube-system y --record');
    expect(ds().metadata.annotations?.['kubernetes.io/change-cause']).toBe(
      'kubectl set serviceaccount daemonset fluentd-elasticsearch y --namespace=kube-system --record=true',
    );
  });
});

describe('kubectl set selector', () => {
  it('parses the selector as metav1.ParseToLabelSelector, then refuses every kind but a Service', () => {
    const s = article();
    expect(text(s, "kubectl set selector -n kube-system ds/fluentd-elasticsearch 'name!=x'")).toBe(
      'error: "!=" is not a valid label selector operator\n',
    );
    expect(text(s, 'kubectl set selector -n kube-system ds/fluentd-elasticsearch name=x')).toBe(
      'error: setting a selector is only supported for Services\n',
    );
    expect(text(s, 'kubectl set selector ds/fluentd-elasticsearch name=x')).toBe(
      'Error from server (NotFound): daemonsets.apps "fluentd-elasticsearch" not found\n',
    );
  });
});
