import { describe, expect, it } from 'vitest';
import { deepFreeze } from '../api/objects';
import type { Container, Node, Pod } from '../api/types';
import { Random } from '../random';
import { computeAllocatable, computePodRequest, nodeAllocatable, podRequest } from './nodeInfo';

const CPU = ['100m', '250m', '1', '0.5', 2, undefined];
const MEM = ['64Mi', '200Mi', '1Gi', '1000', undefined];

function container(r: Random, i: number): Container {
  const requests: Record<string, string | number> = {};
  const cpu = CPU[r.int(CPU.length)];
  const mem = MEM[r.int(MEM.length)];
  if (cpu !== undefined) requests.cpu = cpu;
  if (mem !== undefined) requests.memory = mem;
  const c = { name: `c${i}`, image: 'busybox', resources: { requests } } as Container;
  if (r.int(3) === 0)
    c.ports = [
      { containerPort: 80, hostPort: r.int(2) ? 8080 : undefined, protocol: r.int(2) ? 'UDP' : undefined },
    ] as Container['ports'];
  return c;
}

function containers(r: Random, n: number): Container[] {
  return Array.from({ length: n }, (_, i) => container(r, i));
}

describe('podRequest (cached per containers array)', () => {
  it('equals the computation on random pods whose specs share containers and init containers', () => {
    for (let seed = 1; seed <= 30; seed++) {
      const r = new Random(seed);
      const shared = Array.from({ length: 3 }, () => deepFreeze(containers(r, 1 + r.int(3))));
      const inits = [undefined, ...Array.from({ length: 2 }, () => deepFreeze(containers(r, 1 + r.int(2))))];
      for (let i = 0; i < 40; i++) {
        const spec = { containers: shared[r.int(shared.length)], nodeName: `n${i}` } as Pod['spec'];
        const init = inits[r.int(inits.length)];
        if (init) spec.initContainers = init;
        const pod = {
          apiVersion: 'v1',
          kind: 'Pod',
          metadata: { name: `p${i}`, namespace: 'default' },
          spec,
        } as unknown as Pod;
        const frozen = r.int(4) !== 0;
        if (frozen) deepFreeze(pod);
        expect(podRequest(pod)).toEqual(computePodRequest(pod));
      }
    }
  });

  it('does not cache a spec that may still change', () => {
    const pod = {
      apiVersion: 'v1',
      kind: 'Pod',
      metadata: { name: 'p', namespace: 'default' },
      spec: { containers: [{ name: 'a', resources: { requests: { cpu: '1' } } }] },
    } as unknown as Pod;
    expect(podRequest(pod).milliCPU).toBe(1000);
    pod.spec.containers[0].resources!.requests!.cpu = '2';
    expect(podRequest(pod).milliCPU).toBe(2000);
  });
});

describe('nodeAllocatable (cached per capacity and allocatable maps)', () => {
  it('agrees with the computation as node statuses change, keep or swap their maps', () => {
    const r = new Random(11);
    const maps = (): Record<string, string> | undefined => {
      if (r.int(5) === 0) return undefined;
      const m: Record<string, string> = {};
      if (r.int(3)) m.cpu = ['1', '2', '500m', 'x'][r.int(4)];
      if (r.int(3)) m.memory = ['1Gi', '8Gi', '100Mi'][r.int(3)];
      if (r.int(3)) m.pods = ['110', '2', '0'][r.int(3)];
      return r.int(4) === 0 ? m : deepFreeze(m);
    };
    let capacity = maps();
    let allocatable = maps();
    let hits = 0;
    for (let i = 0; i < 2000; i++) {
      // most writes keep both maps (a heartbeat, an image list); some replace one
      const x = r.int(6);
      if (x === 0) capacity = maps();
      else if (x === 1) allocatable = maps();
      const status: Node['status'] = { images: [{ names: [`i${i}`] }] } as Node['status'];
      if (capacity) status!.capacity = capacity;
      if (allocatable) status!.allocatable = allocatable;
      const node = {
        apiVersion: 'v1',
        kind: 'Node',
        metadata: { name: 'n' },
        spec: {},
        status: r.int(5) === 0 ? status : Object.freeze(status),
      } as Node;
      const got = nodeAllocatable(node);
      expect(got).toEqual(computeAllocatable(node));
      if (got === nodeAllocatable({ ...node, status: Object.freeze({ ...node.status }) } as Node)) hits++;
    }
    expect(hits).toBeGreaterThan(100);
  });
});
