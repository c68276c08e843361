// getNodesToDaemonPods (daemon_controller.go): claim the DaemonSet's pods (adopt matching orphans,
// release owned pods that no longer match) and group them by the node they are meant for.

import { fromLabelSelector, matches } from '../../api/labels';
import { isPodTerminal } from '../../api/podutil';
import type { DaemonSet, OwnerReference, Pod } from '../../api/types';
import type { ControllerHost } from '../../host';
import { pinnedNodeName } from '../../scheduler/nodeAffinity';

export interface ClaimResult {
  /** node name → pods meant for it (terminal pods that are already being deleted are left out) */
  byNode: Map<string, Pod[]>;
  /** every pod the DaemonSet controls, terminal and terminating included (for history cleanup) */
  all: Pod[];
  adopted: string[];
  released: string[];
}

/** controllerRef (metav1.GetControllerOf) without a closure: the controller's change handler calls it for every pod event. */
export function controllerOf(obj: { metadata: Pod['metadata'] }): OwnerReference | undefined {
  const refs = obj.metadata.ownerReferences;
  if (!refs) return undefined;
  for (let i = 0; i < refs.length; i++) if (refs[i].controller) return refs[i];
  return undefined;
}

/** The node a daemon pod is for: spec.nodeName, else the node its affinity pins it to. */
export function targetNodeName(pod: Pod): string | undefined {
  return pod.spec.nodeName || pinnedNodeName(pod.spec);
}

export function claimPods(sim: ControllerHost, ds: DaemonSet): ClaimResult {
  const byNode = new Map<string, Pod[]>();
  const all: Pod[] = [];
  const adopted: string[] = [];
  const released: string[] = [];
  const uid = ds.metadata.uid;
  const pods: Pod[] = [];
  sim.store.each('Pod', ds.metadata.namespace, (p) => pods.push(p));
  const selector = fromLabelSelector(ds.spec.selector);
  for (let pod of pods) {
    const ref = controllerOf(pod);
    const match = selector !== null && matches(selector, pod.metadata.labels);
    if (ref) {
      if (ref.uid !== uid) continue;
      if (!match) {
        sim.store.update({
          ...pod,
          metadata: {
            ...pod.metadata,
            ownerReferences: (pod.metadata.ownerReferences ?? []).filter((r) => r.uid !== uid),
          },
        });
        released.push(pod.metadata.name);
        continue;
      }
    } else {
      if (!match || ds.metadata.deletionTimestamp || pod.metadata.deletionTimestamp) continue;
      pod = sim.store.update<'Pod'>({
        ...pod,
        metadata: {
          ...pod.metadata,
          ownerReferences: [
            ...(pod.metadata.ownerReferences ?? []),
            {
              apiVersion: 'apps/v1',
              kind: 'DaemonSet',
              name: ds.metadata.name,
              uid,
              controller: true,
              blockOwnerDeletion: true,
            },
          ],
        },
      });
      adopted.push(pod.metadata.name);
    }
    all.push(pod);
    if (isPodTerminal(pod) && pod.metadata.deletionTimestamp) continue;
    const node = targetNodeName(pod);
    if (!node) continue;
    const list = byNode.get(node);
    if (list) list.push(pod);
    else byNode.set(node, [pod]);
  }
  return { byNode, all, adopted, released };
}

/** podByCreationTimestampAndPhase: scheduled first, then oldest, then by name. */
export function comparePods(a: Pod, b: Pod): number {
  const as = a.spec.nodeName ? 0 : 1;
  const bs = b.spec.nodeName ? 0 : 1;
  if (as !== bs) return as - bs;
  const at = a.metadata.creationTimestamp;
  const bt = b.metadata.creationTimestamp;
  if (at !== bt) return at < bt ? -1 : 1;
  return a.metadata.name < b.metadata.name ? -1 : a.metadata.name > b.metadata.name ? 1 : 0;
}
