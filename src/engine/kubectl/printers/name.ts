// `-o name`: `<kind>.<group>/<name>` (`daemonset.apps/x`, `pod/x`, `node/x`).

import { isKind, kindGroup, type KObject } from '../../api/types';

export function resourceName(obj: KObject): string {
  const kind = obj.kind;
  const prefix = isKind(kind) ? kindGroup(kind) : kind.toLowerCase();
  return `${prefix}/${obj.metadata.name}`;
}
