// DescribePodTemplate and DescribeEvents (k8s.io/kubectl/pkg/describe/describe.go).
// describePodTemplate returns the plain prefix-writer text (TABs literal), as `rollout history
// --revision=N` prints it; the describers pass whole descriptions through `tabbedString`.

import type { KEvent, PodTemplateSpec } from '../../api/types';
import { translateTimestampSince } from './age';
import { describeContainers, describeVolumes } from './describeContainers';
import {
  PrefixWriter,
  printAnnotationsMultiline,
  printLabelsMultiline,
  printTolerationsMultiline,
} from './prefixWriter';
import { DESCRIBE_TABWRITER, tabwrite } from './tabwriter';

/** tabbedString: aligns a describer's text with `tabwriter.Init(buf, 0, 8, 2, ' ', 0)`. */
export function tabbedString(text: string): string {
  return tabwrite(text, DESCRIBE_TABWRITER);
}

export function writePodTemplate(t: PodTemplateSpec | undefined, w: PrefixWriter): void {
  w.write(0, 'Pod Template:\n');
  if (!t) {
    w.write(1, '<unset>');
    return;
  }
  printLabelsMultiline(w, '  Labels', t.metadata?.labels);
  if (Object.keys(t.metadata?.annotations ?? {}).length > 0)
    printAnnotationsMultiline(w, '  Annotations', t.metadata?.annotations);
  const spec = t.spec ?? { containers: [] };
  if (spec.serviceAccountName) w.write(1, `Service Account:\t${spec.serviceAccountName}\n`);
  if (spec.initContainers?.length)
    describeContainers('Init Containers', spec.initContainers, undefined, w, '  ');
  describeContainers('Containers', spec.containers ?? [], undefined, w, '  ');
  describeVolumes(spec.volumes, w, '  ');
  if (spec.priorityClassName) w.write(1, `Priority Class Name:\t${spec.priorityClassName}\n`);
  printLabelsMultiline(w, '  Node-Selectors', spec.nodeSelector);
  printTolerationsMultiline(w, '  Tolerations', spec.tolerations);
}

/** describe.DescribePodTemplate written with a plain prefix writer: TABs stay literal. */
export function describePodTemplate(t: PodTemplateSpec): string {
  const w = new PrefixWriter();
  writePodTemplate(t, w);
  return w.toString();
}

/** DescribeEvents: `Events:\t<none>` or the Type/Reason/Age/From/Message table, oldest first. */
export function writeEvents(events: KEvent[], w: PrefixWriter, now: number): void {
  if (events.length === 0) {
    w.write(0, 'Events:\t<none>\n');
    return;
  }
  w.write(0, 'Events:\n  Type\tReason\tAge\tFrom\tMessage\n');
  w.write(1, '----\t------\t----\t----\t-------\n');
  for (const e of events) {
    const first = translateTimestampSince(e.firstTimestamp, now);
    const interval =
      e.count > 1 ? `${translateTimestampSince(e.lastTimestamp, now)} (x${e.count} over ${first})` : first;
    const source = e.source?.component || e.reportingComponent || '';
    // kubectl ≥ 1.35 names the container a kubelet event is about: `spec.containers{app}: Back-off …`
    const fieldPath = e.involvedObject.fieldPath;
    const message = fieldPath ? `${fieldPath}: ${e.message.trim()}` : e.message.trim();
    w.write(1, `${e.type}\t${e.reason}\t${interval}\t${source}\t${message}\n`);
  }
}
