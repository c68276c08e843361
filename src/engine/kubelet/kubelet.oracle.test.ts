// The kubelet's per-step node lookups (plain loops, a cache of podCIDR prefixes) against the simple
// code they replaced, on random nodes: frozen or not, fields missing, conditions and addresses in
// any order, duplicates.

import { describe, expect, it } from 'vitest';
import { deepFreeze } from '../api/objects';
import { getNodeCondition } from '../api/podutil';
import type { Node } from '../api/types';
import { Random } from '../random';
import { hostIPOf, nodeConditionStatus, podIPPrefix } from './kubelet';

function pick<T>(r: Random, xs: readonly T[]): T {
  return xs[r.int(xs.length)];
}

const TYPES = ['Ready', 'NetworkUnavailable', 'MemoryPressure', 'DiskPressure', 'PIDPressure', 'Other'];
const ADDRESS_TYPES = ['InternalIP', 'Hostname', 'ExternalIP'];

function randomNode(r: Random): Node {
  const node = { apiVersion: 'v1', kind: 'Node', metadata: { name: 'n' }, spec: {} } as Node;
  if (r.int(6)) {
    const status: NonNullable<Node['status']> = {};
    if (r.int(5)) {
      status.conditions = Array.from({ length: r.int(7) }, () => ({
        type: pick(r, TYPES),
        status: pick(r, ['True', 'False', 'Unknown'] as const),
      }));
    }
    if (r.int(5)) {
      status.addresses = Array.from({ length: r.int(4) }, () => {
        const a: { type: string; address: string } = {
          type: pick(r, ADDRESS_TYPES),
          address: `10.0.${r.int(3)}.${r.int(255)}`,
        };
        if (!r.int(8)) delete (a as Partial<typeof a>).address;
        return a;
      });
    }
    node.status = status;
  }
  return r.int(2) ? deepFreeze(node) : node;
}

/** kubelet_network's pod IP prefix as it was: a regex per pod. */
function simplePrefix(podCIDR: string): string {
  const m = /^(\d+\.\d+\.\d+)\.\d+\/\d+$/.exec(podCIDR);
  return m ? m[1] : '10.244.0';
}

describe('kubelet node lookups', () => {
  it('read a node like getNodeCondition and find do', () => {
    const r = new Random(5);
    for (let n = 0; n < 2000; n++) {
      const node = randomNode(r);
      for (const t of TYPES) expect(nodeConditionStatus(node, t)).toBe(getNodeCondition(node, t)?.status);
      expect(hostIPOf(node)).toBe(
        node.status?.addresses?.find((a) => a.type === 'InternalIP')?.address ?? '10.0.0.1',
      );
    }
  });

  it('take the pod IP prefix from the podCIDR like the regex did, cached or not', () => {
    const r = new Random(9);
    const cidrs = [
      '',
      '10.244.3.0/24',
      '10.244.3.0',
      'x.1.2.3/4',
      '10.244.300.0/24',
      '1.2.3.4/',
      '10.244.0.0/16 ',
    ];
    for (let n = 0; n < 500; n++)
      cidrs.push(`${r.int(300)}.${r.int(300)}.${r.int(10)}.${r.int(3)}${r.int(4) ? `/${r.int(33)}` : ''}`);
    for (let round = 0; round < 2; round++)
      for (const c of cidrs) expect(podIPPrefix(c)).toBe(simplePrefix(c));
  });
});
