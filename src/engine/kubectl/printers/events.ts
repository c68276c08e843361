// Finding and ordering the Events about an object (describe's searchEvents + event.SortableEvents).

import { parseTime } from '../../clock';
import type { ObjectStore } from '../../api/objectStore';
import { NAMESPACED, type Kind, type KEvent, type KObject } from '../../api/types';

/** Events ordered by lastTimestamp (stable: API order breaks ties). */
export function sortEventsByLastTimestamp<T extends KEvent>(events: T[]): T[] {
  const t = (e: KEvent) => parseTime(e.lastTimestamp) ?? parseTime(e.firstTimestamp) ?? 0;
  return events
    .map((e, i) => ({ e, i }))
    .sort((a, b) => t(a.e) - t(b.e) || a.i - b.i)
    .map((x) => x.e);
}

/**
 * Events whose involvedObject is `obj`: same name (and namespace for namespaced kinds), same kind
 * (pods match any kind, as describe clears it), and a uid equal to the object's (or, for nodes, to
 * its name — the kubelet reports node events that way).
 */
export function eventsFor(store: ObjectStore, obj: KObject): KEvent[] {
  const kind = obj.kind as Kind;
  const namespaced = NAMESPACED[kind];
  const out = store.list('Event', namespaced ? obj.metadata.namespace : undefined).filter((e) => {
    const io = e.involvedObject;
    if (io.name !== obj.metadata.name) return false;
    if (kind !== 'Pod' && io.kind !== kind) return false;
    if (namespaced && (io.namespace ?? e.metadata.namespace) !== obj.metadata.namespace) return false;
    if (
      io.uid &&
      obj.metadata.uid &&
      io.uid !== obj.metadata.uid &&
      !(kind === 'Node' && io.uid === obj.metadata.name)
    )
      return false;
    return true;
  });
  return sortEventsByLastTimestamp(out);
}
