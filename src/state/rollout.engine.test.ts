// rolloutProgress against the real engine: through a healthy rolling update, step by step, it never
// says "stalled", it counts no more unavailable nodes than the controller's budget lets the
// controller make, and it ends "complete"; the current hash it reads from the revisions is the one
// the new pods carry.

import { describe, expect, it } from 'vitest'
import type { ControllerRevision, DaemonSet, Node, Pod } from '../engine/api/types'
import { articleCluster, run } from '../ui/graph/testCluster'
import { rolloutProgress } from './rollout'
import { currentHash } from './rolloutSelectors'

function look(session: ReturnType<typeof articleCluster>) {
  const all = session.sim.store.all()
  const ds = all.find((o) => o.kind === 'DaemonSet') as DaemonSet
  const pods = all.filter((o): o is Pod => o.kind === 'Pod' && !!o.metadata.ownerReferences?.some((r) => r.uid === ds.metadata.uid))
  const nodes = all.filter((o): o is Node => o.kind === 'Node')
  const crs = all.filter((o): o is ControllerRevision => o.kind === 'ControllerRevision')
  const hash = currentHash(ds, crs)
  return { ds, pods, hash, p: rolloutProgress({ ds, pods, nodes, ...(hash ? { hash } : {}), now: session.sim.now() }) }
}

describe('rolloutProgress on the engine', () => {
  it('follows a healthy rolling update to the end without ever calling it stalled', () => {
    const s = articleCluster()
    run(s, 'sim node add node-2')
    run(s, 'sim node add node-3')
    run(s, 'sim settle')
    expect(look(s).p.state).toBe('complete')
    run(s, 'kubectl set image ds/fluentd-elasticsearch fluentd-elasticsearch=k8s.gcr.io/fluentd-elasticsearch:1.21 -n kube-system')
    const seen = new Set<string>()
    for (let i = 0; i < 400; i++) {
      const { p } = look(s)
      seen.add(p.state)
      expect(p.state).not.toBe('stalled')
      expect(p.troubled).toEqual([])
      // maxSurge 0: the controller counts at most maxUnavailable nodes down at a time once it is past
      // the first sync (old pods that were already unavailable aside: there are none here).
      if (p.state === 'rolling') expect(p.unavailable.length).toBeLessThanOrEqual(p.maxUnavailable.value)
      const out = s.exec('sim step')
      if (out.chunks.map((c) => c.text).join('').trim() === '') break
      if (p.state === 'complete' && i > 5) break
    }
    run(s, 'sim settle')
    const end = look(s)
    expect(end.p.state).toBe('complete')
    expect(seen.has('rolling')).toBe(true)
    // The pods run the revision the selectors call current.
    expect(end.pods.every((p) => p.metadata.labels?.['controller-revision-hash'] === end.hash)).toBe(true)
    expect(end.p.maxUnavailable).toEqual({ value: 1, spec: 1, desired: 4 })
  })
})
