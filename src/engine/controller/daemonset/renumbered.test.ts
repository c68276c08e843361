import { describe, expect, it } from 'vitest';
import { Session } from '../../script/session';
import { ARTICLE_MANIFEST } from '../../cluster/manifests';

const NS = '-n kube-system';
const DS = 'ds/fluentd-elasticsearch';
const IMAGE = 'fluentd-elasticsearch=k8s.gcr.io/fluentd-elasticsearch';

function run(s: Session, line: string, stdin?: string): string {
  const r = s.exec(line, stdin);
  const text = r.chunks.map((c) => c.text).join('');
  if (r.exitCode !== 0) throw new Error(`${line} failed (${r.exitCode}): ${text}`);
  return text;
}

/** The article's DaemonSet at revision 2 (image v2.2.0 after 1.20), settled. */
function twoRevisions(): Session {
  const s = new Session({ seed: 1 });
  run(s, 'kubectl apply -f -', ARTICLE_MANIFEST);
  run(s, 'sim settle');
  run(s, `kubectl set image ${DS} ${IMAGE}:v2.2.0 ${NS}`);
  run(s, 'sim settle');
  return s;
}

/** The records as `revision name: previous numbers → current number`. */
function records(s: Session): string[] {
  return s.sim.daemonsets.renumbered.list().map((r) => {
    const cr = s.sim.store.get('ControllerRevision', r.namespace, r.revision);
    return `${r.daemonSet.name} ${r.revision === cr?.metadata.name ? 'cr' : '?'}: ${r.previous.join(',')} → ${cr?.revision}`;
  });
}

function revisionOf(s: Session, image: string): string {
  const cr = s.sim.store
    .list('ControllerRevision', 'kube-system')
    .find((c) => JSON.stringify(c.data).includes(image))!;
  return cr.metadata.name;
}

describe('RenumberedRevisions (the old numbers constructHistory replaced)', () => {
  it('records nothing while revisions only roll forward', () => {
    const s = twoRevisions();
    expect(records(s)).toEqual([]);
  });

  it('records "revision 1 is now 3" after rollout undo, keyed by the revision and its DaemonSet', () => {
    const s = twoRevisions();
    run(s, `kubectl rollout undo ${DS} ${NS}`);
    run(s, 'sim settle');
    const [r] = s.sim.daemonsets.renumbered.list();
    const ds = s.sim.store.get('DaemonSet', 'kube-system', 'fluentd-elasticsearch')!;
    const cr = s.sim.store.get('ControllerRevision', 'kube-system', r.revision)!;
    expect(r).toEqual({
      namespace: 'kube-system',
      daemonSet: { uid: ds.metadata.uid, name: 'fluentd-elasticsearch' },
      revision: revisionOf(s, 'fluentd-elasticsearch:1.20'),
      uid: cr.metadata.uid,
      previous: [1],
    });
    expect(cr.revision).toBe(3);
  });

  it('keeps every old number, oldest first, as undo moves a revision again', () => {
    const s = twoRevisions();
    run(s, `kubectl rollout undo ${DS} ${NS}`);
    run(s, 'sim settle');
    run(s, `kubectl rollout undo ${DS} ${NS}`);
    run(s, 'sim settle');
    run(s, `kubectl rollout undo ${DS} ${NS}`);
    run(s, 'sim settle');
    const byName = new Map(s.sim.daemonsets.renumbered.list().map((r) => [r.revision, r.previous]));
    expect(byName.get(revisionOf(s, 'fluentd-elasticsearch:1.20'))).toEqual([1, 3]);
    expect(byName.get(revisionOf(s, 'fluentd-elasticsearch:v2.2.0'))).toEqual([2]);
    expect(s.sim.store.get('ControllerRevision', 'kube-system', revisionOf(s, ':1.20'))!.revision).toBe(5);
  });

  it('also records a template set back by hand (set image to the old image)', () => {
    const s = twoRevisions();
    run(s, `kubectl set image ${DS} ${IMAGE}:1.20 ${NS}`);
    run(s, 'sim settle');
    expect(records(s)).toEqual(['fluentd-elasticsearch cr: 1 → 3']);
  });

  it('forgets a revision that is deleted (a new one of the same name starts afresh)', () => {
    const s = twoRevisions();
    run(s, `kubectl rollout undo ${DS} ${NS}`);
    run(s, 'sim settle');
    const name = s.sim.daemonsets.renumbered.list()[0].revision;
    const v = s.sim.daemonsets.renumbered.version;
    run(s, `kubectl delete controllerrevision ${name} ${NS}`);
    run(s, 'sim settle');
    expect(s.sim.daemonsets.renumbered.version).toBeGreaterThan(v);
    expect(records(s)).toEqual([]);
    // the controller made the current revision again, as a new one: revision 3, never renumbered
    expect(s.sim.store.get('ControllerRevision', 'kube-system', name)?.revision).toBe(3);
  });

  it('changes nothing kubectl shows: the revisions are what a real cluster holds', () => {
    const s = twoRevisions();
    run(s, `kubectl rollout undo ${DS} ${NS}`);
    run(s, 'sim settle');
    const yaml = run(s, `kubectl get controllerrevisions ${NS} -o yaml`);
    expect(yaml).not.toMatch(/was|previous|renumber/i);
    expect(run(s, `kubectl rollout history ${DS} ${NS}`)).toMatch(
      /REVISION\s+CHANGE-CAUSE\n2\s+<none>\n3\s+<none>\n/,
    );
  });

  it('is rebuilt by replaying the same inputs (a reload, a share link)', () => {
    const lines = [
      `kubectl set image ${DS} ${IMAGE}:v2.2.0 ${NS}`,
      'sim settle',
      `kubectl rollout undo ${DS} ${NS}`,
      'sim settle',
    ];
    const make = () => {
      const s = new Session({ seed: 1 });
      run(s, 'kubectl apply -f -', ARTICLE_MANIFEST);
      run(s, 'sim settle');
      for (const l of lines) run(s, l);
      return s;
    };
    expect(make().sim.daemonsets.renumbered.list()).toEqual(make().sim.daemonsets.renumbered.list());
    expect(make().sim.daemonsets.renumbered.list()).toHaveLength(1);
  });
});
