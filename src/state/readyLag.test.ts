// The DaemonSet card's "not counted yet" (issue 22, "0/2 ready while both pods read Running"): against
// the real engine, step by step from the apply, the lag is told exactly while the pods report Ready
// and the controller has not synced, and never otherwise (also with a misscheduled node).

import { describe, expect, it } from 'vitest';
import { type DaemonSet, type Pod, Session } from '../engine';
import { ARTICLE_MANIFEST } from '../engine/scripts';
import { nodesWithReadyPod, readyLag } from './readyLag';

function run(session: Session, line: string, stdin?: string): string {
  const r = session.exec(line, stdin);
  const text = r.chunks.map((c) => c.text).join('');
  if (r.exitCode !== 0) throw new Error(`${line} failed (${r.exitCode}): ${text}`);
  return text;
}

function look(s: Session) {
  const all = s.sim.store.all();
  const ds = all.find((o) => o.kind === 'DaemonSet') as DaemonSet;
  const pods = all.filter((o): o is Pod => o.kind === 'Pod');
  return { ds, pods };
}

describe('readyLag', () => {
  it('says "not counted yet" exactly between the kubelet reporting Ready and the next status write', () => {
    const s = new Session({ seed: 1 });
    run(s, 'kubectl apply -f -', ARTICLE_MANIFEST);
    const seen: string[] = [];
    for (let i = 0; i < 40; i++) {
      const out = run(s, 'sim step');
      if (out.startsWith('nothing to do')) break;
      const { ds, pods } = look(s);
      const lag = readyLag(ds, pods);
      const ready = nodesWithReadyPod(ds, pods);
      // The lag is claimed only when the status's READY differs from the pods' readiness.
      if (lag) expect(lag).toEqual({ counted: ds.status.numberReady, ready });
      else expect(ready).toBe(ds.status.numberReady);
      seen.push(`${ready}/${ds.status.numberReady}${lag ? ' lag' : ''}`);
    }
    // pods become Ready one by one (1 then 2 ready, 0 counted), then the controller counts both
    expect(seen).toContain('1/0 lag');
    expect(seen).toContain('2/0 lag');
    expect(seen.at(-1)).toBe('2/2');
  });

  it('tells the other way too (a pod stopped being Ready), and claims nothing for a misscheduled node', () => {
    const s = new Session({ seed: 1 });
    run(s, 'kubectl apply -f -', ARTICLE_MANIFEST);
    run(s, 'sim settle');
    let { ds, pods } = look(s);
    expect(readyLag(ds, pods)).toBeUndefined();
    // the status counts a pod the page no longer sees Ready
    const [p] = pods;
    const unready: Pod = {
      ...p,
      status: {
        ...p.status,
        conditions: p.status.conditions!.map((c) => (c.type === 'Ready' ? { ...c, status: 'False' } : c)),
      },
    };
    expect(readyLag(ds, [unready, ...pods.slice(1)])).toEqual({ counted: 2, ready: 1 });
    // node-1 labelled out of the DaemonSet's nodeSelector would be misscheduled; fake the status the
    // controller writes for it: 1 ready, 1 misscheduled, both pods Ready: no lag claimed
    ({ ds, pods } = look(s));
    const mis = { ...ds, status: { ...ds.status, numberReady: 1, numberMisscheduled: 1 } };
    expect(readyLag(mis, pods)).toBeUndefined();
    // another DaemonSet's pods do not count
    const other = { ...ds, metadata: { ...ds.metadata, uid: 'someone-else' } };
    expect(nodesWithReadyPod(other, pods)).toBe(0);
  });
});
