import { describe, expect, it } from 'vitest'
import { applyChanges, diffObjects } from './delta'
import { deepFreeze } from '../engine/api/objects'

describe('object deltas', () => {
  it('sends only the changed fields and rebuilds the object, sharing the unchanged parts', () => {
    const spec = deepFreeze({ containers: [{ name: 'c', image: 'a:1' }], tolerations: [{ key: 'x' }] })
    const a = deepFreeze({ kind: 'Pod', metadata: { name: 'p', resourceVersion: '1', labels: { a: 'b' } }, spec, status: { phase: 'Pending' } })
    const b = deepFreeze({
      kind: 'Pod',
      metadata: { name: 'p', resourceVersion: '2', labels: a.metadata.labels, deletionTimestamp: 't' },
      spec,
      status: { phase: 'Running', conditions: [{ type: 'Ready', status: 'True' }] },
    })
    const changes = diffObjects(a, b)
    expect(changes.map((c) => c.path.join('.')).sort()).toEqual(['metadata.deletionTimestamp', 'metadata.resourceVersion', 'status.conditions', 'status.phase'])
    expect(JSON.stringify(changes).length).toBeLessThan(JSON.stringify(b).length)
    const page = JSON.parse(JSON.stringify(a))
    const next = applyChanges(page, JSON.parse(JSON.stringify(changes)))
    expect(next).toEqual(JSON.parse(JSON.stringify(b)))
    expect(next.spec).toBe(page.spec)
    expect(next.metadata.labels).toBe(page.metadata.labels)
    expect(page.status.phase).toBe('Pending')
  })

  it('removes fields that are gone', () => {
    const a = { metadata: { name: 'p', annotations: { x: '1' } }, spec: { nodeName: 'n' } }
    const b = { metadata: { name: 'p' }, spec: { nodeName: 'n' } }
    const next = applyChanges(a, diffObjects(a, b))
    expect(next).toEqual(b)
    expect(a.metadata.annotations).toEqual({ x: '1' })
  })
})
