// What the `kubectl set` subcommands share (pkg/cmd/set/helper.go): the containers a `-c/--containers`
// selector picks, with its non-greedy `*` wildcard, and the `resource/name` a failed patch is
// reported under (resource.Info.ObjectName).

import type { Container, Kind } from '../../api/types';
import { resourceInfo } from '../resources';

/**
 * selectString, ported as written: `*` alone matches everything, a spec without `*` must equal the
 * name, otherwise each part must be found in order (the first at the start, the last at the end).
 */
export function selectString(s: string, spec: string): boolean {
  if (spec === '*') return true;
  if (!spec.includes('*')) return s === spec;
  let pos = 0;
  const parts = spec.split('*');
  for (let i = 0; i < parts.length; i++) {
    const part = parts[i];
    if (part.length === 0) continue;
    const found = s.slice(pos).indexOf(part);
    // upstream compares the index within s[pos:] with pos (a quirk kept as is)
    if (found < pos) return false;
    if (i === 0 && pos !== 0) return false;
    if (i === parts.length - 1 && s.length !== part.length + found) return false;
    pos = found;
  }
  return true;
}

/** selectContainers: the containers whose name the selector matches, in their order. */
export function selectContainers(containers: Container[] | undefined, spec: string): Container[] {
  return (containers ?? []).filter((c) => selectString(c.name, spec));
}

/** resource.Info.ObjectName: `deployments/web`, `pods/web` (the plural alone, no group). */
export function objectName(kind: Kind, name: string): string {
  return `${resourceInfo(kind).plural}/${name}`;
}
