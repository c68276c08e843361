// A write recorded on the copy (mirrorSim.ts) as the HTTP request kubectl would send for it.

import type { Op } from './mirrorSim';
import { collectionPath, objectPath } from './resources';

export function requestFor(op: Op): { path: string; init: RequestInit } {
  const dry = op.dryRun ? '?dryRun=All' : '';
  const headers = { 'Content-Type': 'application/json', Accept: 'application/json' };
  switch (op.op) {
    case 'create':
      return {
        path: `${collectionPath(op.kind, op.namespace)}${dry}`,
        init: { method: 'POST', headers, body: JSON.stringify(op.body) },
      };
    case 'update':
    case 'updateStatus':
      return {
        path: `${objectPath(op.kind, op.namespace, op.name)}${op.op === 'updateStatus' ? '/status' : ''}${dry}`,
        init: { method: 'PUT', headers, body: JSON.stringify(op.body) },
      };
    case 'delete': {
      const o: Record<string, unknown> = { kind: 'DeleteOptions', apiVersion: 'v1' };
      if (op.options.propagationPolicy) o.propagationPolicy = op.options.propagationPolicy;
      if (op.options.gracePeriodSeconds !== undefined) o.gracePeriodSeconds = op.options.gracePeriodSeconds;
      return {
        path: `${objectPath(op.kind, op.namespace, op.name)}${dry}`,
        init: { method: 'DELETE', headers, body: JSON.stringify(o) },
      };
    }
  }
}
