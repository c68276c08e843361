// Test helper: a real engine session (the same code the worker runs) and its objects in the shape
// the page's store mirrors, keyed `namespace/name` per kind.

import { Session } from '../../../engine';
import { ARTICLE_MANIFEST } from '../../../engine/scripts';
import type { KObject } from '../../../engine';
import type { PresetName } from '../../../engine';
import type { GraphObjects } from '../system/buildGraph';

export function objectsOf(session: Session): GraphObjects {
  const out: Record<string, Record<string, KObject>> = {
    Node: {},
    Pod: {},
    DaemonSet: {},
    ControllerRevision: {},
    Deployment: {},
    ReplicaSet: {},
  };
  for (const o of session.sim.store.all()) {
    if (out[o.kind]) out[o.kind][`${o.metadata.namespace ?? ''}/${o.metadata.name}`] = o;
  }
  return {
    ...(out as unknown as GraphObjects),
    renumbered: session.sim.daemonsets.renumbered.list(),
  };
}

export function run(session: Session, line: string, stdin?: string): string {
  const r = session.exec(line, stdin);
  const text = r.chunks.map((c) => c.text).join('');
  if (r.exitCode !== 0) throw new Error(`${line} failed (${r.exitCode}): ${text}`);
  return text;
}

/** The article preset with the article's DaemonSet applied and settled. */
export function articleCluster(preset: PresetName = 'article', nodes?: number): Session {
  const s = new Session({ seed: 1, preset, nodes });
  run(s, 'kubectl apply -f -', ARTICLE_MANIFEST);
  run(s, 'sim settle');
  return s;
}
