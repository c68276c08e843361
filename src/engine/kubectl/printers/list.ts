// The List that `kubectl get` prints for -o yaml|json when it was not asked for exactly one object.

import type { KObject } from '../../api/types';

export interface ListObject {
  apiVersion: 'v1';
  items: KObject[];
  kind: 'List';
  metadata: { resourceVersion: string };
}

export function asList(items: KObject[]): ListObject {
  return { apiVersion: 'v1', items, kind: 'List', metadata: { resourceVersion: '' } };
}
