// The resources the simulated API server serves (src/engine/api/discovery.ts, the one list the
// emulator's kubectl uses too), looked up by request path.

import { SERVED, type ServedResource } from '../engine';

export {
  groupVersion,
  NAMESPACE_VERBS,
  SERVED,
  servedGroupVersions,
  VERBS,
  type ServedResource,
} from '../engine';

const BY_PATH = new Map<string, ServedResource>(
  SERVED.map((r) => [`${r.group}/${r.version}/${r.plural}`, r]),
);

/** The resource behind `/api/v1/pods` (group '') or `/apis/apps/v1/daemonsets`. */
export function servedResource(group: string, version: string, plural: string): ServedResource | undefined {
  return BY_PATH.get(`${group}/${version}/${plural}`);
}
