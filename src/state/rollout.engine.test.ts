// rolloutProgress against the real engine: through a healthy rolling update, step by step, it never
// says "stalled", it counts no more unavailable nodes than the controller's budget lets the
// controller make, and it ends "complete"; the current hash it reads from the revisions is the one
// the new pods carry. And on the kubelet's failing pods (sim image, the registry catalogue): a
// rollout to a missing tag stalls with the new pod in ImagePullBackOff on master, undo recovers; a
// crash loop counts its restarts, an OOM kill is told apart, a failing readiness probe is not ready.

import { describe, expect, it } from 'vitest';
import { type ControllerRevision, type DaemonSet, type Node, type Pod, Session } from '../engine';
import { ARTICLE_MANIFEST } from '../engine/scripts';
import { rolloutProgress } from './rollout';
import { currentHash } from './rolloutSelectors';

function run(session: Session, line: string, stdin?: string): string {
  const r = session.exec(line, stdin);
  const text = r.chunks.map((c) => c.text).join('');
  if (r.exitCode !== 0) throw new Error(`${line} failed (${r.exitCode}): ${text}`);
  return text;
}

/** The article preset with the article's DaemonSet applied and settled. */
function articleCluster(): Session {
  const s = new Session({ seed: 1 });
  run(s, 'kubectl apply -f -', ARTICLE_MANIFEST);
  run(s, 'sim settle');
  return s;
}

function look(session: Session) {
  const all = session.sim.store.all();
  const ds = all.find((o) => o.kind === 'DaemonSet') as DaemonSet;
  const pods = all.filter(
    (o): o is Pod => o.kind === 'Pod' && !!o.metadata.ownerReferences?.some((r) => r.uid === ds.metadata.uid),
  );
  const nodes = all.filter((o): o is Node => o.kind === 'Node');
  const crs = all.filter((o): o is ControllerRevision => o.kind === 'ControllerRevision');
  const hash = currentHash(ds, crs);
  return {
    ds,
    pods,
    hash,
    p: rolloutProgress({ ds, pods, nodes, ...(hash ? { hash } : {}), now: session.sim.now() }),
  };
}

describe('rolloutProgress on the engine', () => {
  it('follows a healthy rolling update to the end without ever calling it stalled', () => {
    const s = articleCluster();
    run(s, 'sim node add node-2');
    run(s, 'sim node add node-3');
    run(s, 'sim settle');
    expect(look(s).p.state).toBe('complete');
    run(
      s,
      'kubectl set image ds/fluentd-elasticsearch fluentd-elasticsearch=k8s.gcr.io/fluentd-elasticsearch:1.22 -n kube-system',
    );
    const seen = new Set<string>();
    for (let i = 0; i < 400; i++) {
      const { p } = look(s);
      seen.add(p.state);
      expect(p.state).not.toBe('stalled');
      expect(p.troubled).toEqual([]);
      // maxSurge 0: the controller counts at most maxUnavailable nodes down at a time once it is past
      // the first sync (old pods that were already unavailable aside: there are none here).
      if (p.state === 'rolling') expect(p.unavailable.length).toBeLessThanOrEqual(p.maxUnavailable.value);
      const out = s.exec('sim step');
      if (
        out.chunks
          .map((c) => c.text)
          .join('')
          .trim() === ''
      )
        break;
      if (p.state === 'complete' && i > 5) break;
    }
    run(s, 'sim settle');
    const end = look(s);
    expect(end.p.state).toBe('complete');
    expect(seen.has('rolling')).toBe(true);
    // The pods run the revision the selectors call current.
    expect(end.pods.every((p) => p.metadata.labels?.['controller-revision-hash'] === end.hash)).toBe(true);
    expect(end.p.maxUnavailable).toEqual({ value: 1, spec: 1, desired: 4 });
  });
});

describe('rolloutProgress on the engine’s failing pods', () => {
  it('a missing tag: ErrImagePull, then ImagePullBackOff, stalled on master; undo recovers', () => {
    const s = articleCluster();
    run(s, 'sim node add node-2');
    run(s, 'sim settle');
    // The registry catalogue knows this tag was never pushed.
    run(
      s,
      'kubectl set image ds/fluentd-elasticsearch fluentd-elasticsearch=k8s.gcr.io/fluentd-elasticsearch:v9.9.9-typo -n kube-system',
    );
    run(s, 'sim advance 3s');
    const first = look(s).p;
    expect(first.troubled.map((u) => [u.node, u.trouble?.word])).toEqual([['master', 'ErrImagePull']]);
    run(s, 'sim advance 60s');
    const p = look(s).p;
    expect(p.state).toBe('stalled');
    expect(p).toMatchObject({ desired: 3, updated: 1, available: 2, waiting: 2, room: 0 });
    expect(p.troubled.map((u) => [u.node, u.trouble?.word, u.trouble?.class])).toEqual([
      ['master', 'ImagePullBackOff', 'pull'],
    ]);
    expect(p.troubled[0].trouble?.message).toBe(
      'Back-off pulling image "k8s.gcr.io/fluentd-elasticsearch:v9.9.9-typo"',
    );
    run(s, 'kubectl rollout undo ds/fluentd-elasticsearch -n kube-system');
    run(s, 'sim advance 60s');
    expect(look(s).p.state).toBe('complete');
  });

  it('a crash loop counts its restarts; an OOM kill is told apart', () => {
    const s = articleCluster();
    run(s, 'sim image crash k8s.gcr.io/fluentd-elasticsearch:v2.2.0 --after 5s');
    run(
      s,
      'kubectl set image ds/fluentd-elasticsearch fluentd-elasticsearch=k8s.gcr.io/fluentd-elasticsearch:v2.2.0 -n kube-system',
    );
    run(s, 'sim advance 3m');
    const crash = look(s).p;
    expect(crash.state).toBe('stalled');
    expect(crash.troubled[0].trouble).toMatchObject({ class: 'crash' });
    expect(crash.troubled[0].trouble!.restarts).toBeGreaterThanOrEqual(3);
    run(s, 'sim image oom registry.k8s.io/fluentd-elasticsearch:v2.4.0 --after 5s');
    run(
      s,
      'kubectl set image ds/fluentd-elasticsearch fluentd-elasticsearch=registry.k8s.io/fluentd-elasticsearch:v2.4.0 -n kube-system',
    );
    run(s, 'sim advance 3m');
    const oom = look(s).p;
    expect(oom.troubled.map((u) => u.trouble?.class)).toContain('oom');
    expect(oom.troubled.find((u) => u.trouble?.class === 'oom')?.trouble?.last).toEqual({
      reason: 'OOMKilled',
      exitCode: 137,
    });
  });

  it('a readiness probe that fails: Running 0/1, not ready once its probe has run, and the rollout waits', () => {
    const s = articleCluster();
    const probed = ARTICLE_MANIFEST.replace(
      '        resources:',
      '        readinessProbe:\n          exec:\n            command: ["true"]\n          periodSeconds: 5\n        resources:',
    ).replace('fluentd-elasticsearch:1.20', 'fluentd-elasticsearch:v2.2.0');
    run(s, 'sim image unready k8s.gcr.io/fluentd-elasticsearch:v2.2.0');
    run(s, 'kubectl apply -f -', probed);
    run(s, 'sim advance 2m');
    const p = look(s).p;
    expect(p.state).toBe('stalled');
    expect(p.troubled.map((u) => [u.trouble?.class, u.trouble?.word, u.trouble?.ready])).toEqual([
      ['unready', 'Running', '0/1'],
    ]);
  });
});
