// `kubectl rollout status` on a DaemonSet whose rollout cannot finish: a pod that never becomes
// available (here the scheduler cannot fit it) keeps the watch printing its waiting line until
// --timeout of simulated time has passed, then kubectl's timeout error.
import { describe, expect, it } from 'vitest';
import { Session } from '../../script/session';

const HUNGRY = `apiVersion: apps/v1
kind: DaemonSet
metadata:
  name: hungry
spec:
  selector:
    matchLabels:
      app: hungry
  template:
    metadata:
      labels:
        app: hungry
    spec:
      containers:
      - name: main
        image: registry.k8s.io/pause:3.10
        resources:
          requests:
            cpu: "1"
`;

function stalled(): Session {
  const s = new Session({ preset: 'empty' });
  s.exec('sim node add small --cpu 500m');
  s.exec('sim node add big');
  s.exec('kubectl apply -f -', HUNGRY);
  s.exec('sim settle');
  return s;
}

const text = (s: Session, line: string) =>
  s
    .exec(line)
    .chunks.map((c) => c.text)
    .join('');

describe('rollout status of a stalled DaemonSet', () => {
  it('waits for the unavailable pod until --timeout, then times out', () => {
    const s = stalled();
    const t0 = s.sim.now();
    expect(text(s, 'kubectl rollout status ds/hungry --timeout=30s')).toBe(
      'Waiting for daemon set "hungry" rollout to finish: 1 of 2 updated pods are available...\nerror: timed out waiting for the condition\n',
    );
    expect(s.sim.now()).toBe(t0 + 30_000);
    expect(text(s, 'kubectl rollout status ds/hungry --watch=false')).toBe(
      'Waiting for daemon set "hungry" rollout to finish: 1 of 2 updated pods are available...\n',
    );
  });

  it('a rolling update held by maxUnavailable: 1 out of 2 new pods, then the timeout', () => {
    const s = stalled();
    text(s, 'kubectl set image ds/hungry main=registry.k8s.io/pause:3.9');
    expect(text(s, 'kubectl rollout status ds/hungry --timeout=1m')).toBe(
      [
        'Waiting for daemon set spec update to be observed...',
        'Waiting for daemon set "hungry" rollout to finish: 0 out of 2 new pods have been updated...',
        'Waiting for daemon set "hungry" rollout to finish: 1 out of 2 new pods have been updated...',
        'error: timed out waiting for the condition',
        '',
      ].join('\n'),
    );
    expect(text(s, 'kubectl get ds hungry').split('\n')[1]).toMatch(/^hungry +2 +2 +1 +1 +1 +<none> +\d+s$/);
    expect(text(s, 'kubectl describe ds hungry')).toContain(
      [
        'Number of Nodes Scheduled with Up-to-date Pods: 1',
        'Number of Nodes Scheduled with Available Pods: 1',
        'Number of Nodes Misscheduled: 0',
        'Pods Status:  1 Running / 1 Waiting / 0 Succeeded / 0 Failed',
      ].join('\n'),
    );
  });
});
