// `sim pod fail` and `sim why` with a namespaced object: -n, else the kubeconfig context's namespace.

import { describe, expect, it } from 'vitest';
import { Session } from './session';

const text = (s: Session, line: string) =>
  s
    .exec(line)
    .chunks.map((c) => c.text)
    .join('');

/** A session with the DaemonSet x in kube-system (one pod per schedulable node), settled. */
function withDaemonSet(): { s: Session; pod: string } {
  const s = new Session();
  s.exec(
    'kubectl create -n kube-system -f -',
    `apiVersion: apps/v1
kind: DaemonSet
metadata: {name: x}
spec:
  selector: {matchLabels: {app: x}}
  template:
    metadata: {labels: {app: x}}
    spec: {containers: [{name: c, image: nginx:1.27}]}
`,
  );
  s.exec('sim settle');
  const pod = s.sim.store.list('Pod', 'kube-system')[0].metadata.name;
  return { s, pod };
}

describe('sim commands and the context namespace', () => {
  it('sim pod fail finds the pod in the context namespace', () => {
    const { s, pod } = withDaemonSet();
    expect(text(s, `sim pod fail ${pod}`)).toBe(`Error from server (NotFound): pods "${pod}" not found\n`);
    text(s, 'kubectl config set-context --current --namespace=kube-system');
    expect(text(s, `sim pod fail ${pod}`)).toBe('');
    expect(s.sim.store.get('Pod', 'kube-system', pod)?.status?.phase).toBe('Failed');
  });

  it('sim why pod/NAME and sim why NODE DAEMONSET follow it; -n still wins', () => {
    const { s, pod } = withDaemonSet();
    text(s, 'kubectl config set-context --current --namespace=kube-system');
    expect(text(s, `sim why pod/${pod}`)).toMatch(new RegExp(`^pod/${pod} \\(namespace kube-system\\)`));
    expect(text(s, 'sim why node-1 x')).toMatch(
      /^daemonset\.apps\/x \(namespace kube-system\) on node\/node-1/,
    );
    expect(text(s, 'sim why node-1 x -n default')).toBe(
      'Error from server (NotFound): daemonsets.apps "x" not found\n',
    );
  });
});
