// What the compare view can put side by side: a DaemonSet's pod template, a pod the controller made
// from it (with the injected affinity and tolerations), ControllerRevisions, and ReplicaSets (a
// Deployment's versions: each holds its template, with the pod-template-hash label). Pure, for tests.

import { stringify } from 'yaml';
import type { ControllerRevision, DaemonSet, Pod, ReplicaSet } from '../../engine';
import type { Objects } from '../../state/clusterSlice';

export interface CompareSource {
  id: string;
  /** group for the picker: template | pod | revision */
  group: 'template' | 'pod' | 'revision' | 'replicaSet';
  label: string;
  yaml: string;
}

function templateYaml(
  labels: Record<string, string> | undefined,
  annotations: Record<string, string> | undefined,
  spec: unknown,
): string {
  const metadata: Record<string, unknown> = { labels: labels ?? {} };
  if (annotations && Object.keys(annotations).length) metadata.annotations = annotations;
  return stringify({ metadata, spec }, { sortMapEntries: false, lineWidth: 0 });
}

export function compareSources(objects: Objects): CompareSource[] {
  const out: CompareSource[] = [];
  const dss = Object.values(objects.DaemonSet) as DaemonSet[];
  for (const ds of dss) {
    const t = ds.spec.template;
    out.push({
      id: `template/${ds.metadata.namespace}/${ds.metadata.name}`,
      group: 'template',
      label: `${ds.metadata.name} (template)`,
      yaml: templateYaml(t.metadata?.labels, t.metadata?.annotations, t.spec),
    });
  }
  const pods = (Object.values(objects.Pod) as Pod[]).filter((p) =>
    p.metadata.ownerReferences?.some((r) => r.kind === 'DaemonSet'),
  );
  pods.sort((a, b) => (a.metadata.name < b.metadata.name ? -1 : 1));
  for (const p of pods) {
    const { nodeName: _nodeName, ...spec } = p.spec;
    out.push({
      id: `pod/${p.metadata.namespace}/${p.metadata.name}`,
      group: 'pod',
      label: `${p.metadata.name}${p.spec.nodeName ? ` @ ${p.spec.nodeName}` : ''}`,
      yaml: templateYaml(p.metadata.labels, p.metadata.annotations, spec),
    });
  }
  const crs = Object.values(objects.ControllerRevision) as ControllerRevision[];
  crs.sort((a, b) => a.revision - b.revision);
  for (const cr of crs) {
    const t = ((cr.data as { spec?: { template?: Record<string, unknown> } })?.spec?.template ??
      {}) as Record<string, unknown>;
    const md = (t.metadata ?? {}) as {
      labels?: Record<string, string>;
      annotations?: Record<string, string>;
    };
    out.push({
      id: `revision/${cr.metadata.namespace}/${cr.metadata.name}`,
      group: 'revision',
      label: `${cr.metadata.name} (revision ${cr.revision})`,
      yaml: templateYaml(md.labels, md.annotations, t.spec),
    });
  }
  const rss = Object.values(objects.ReplicaSet) as ReplicaSet[];
  const revisionOf = (rs: ReplicaSet) =>
    Number(rs.metadata.annotations?.['deployment.kubernetes.io/revision'] ?? 0) || 0;
  rss.sort(
    (a, b) =>
      (a.metadata.namespace ?? '').localeCompare(b.metadata.namespace ?? '') ||
      revisionOf(a) - revisionOf(b) ||
      a.metadata.name.localeCompare(b.metadata.name),
  );
  for (const rs of rss) {
    const t = rs.spec.template;
    const rev = revisionOf(rs);
    out.push({
      id: `replicaset/${rs.metadata.namespace}/${rs.metadata.name}`,
      group: 'replicaSet',
      label: `ReplicaSet ${rs.metadata.name}${rev ? ` (revision ${rev})` : ''}`,
      yaml: templateYaml(t.metadata?.labels, t.metadata?.annotations, t.spec),
    });
  }
  return out;
}

/** The default pair: a template and a pod made from it, else the two newest revisions, else the two newest ReplicaSets. */
export function defaultPair(sources: CompareSource[]): [string, string] | null {
  const t = sources.find((s) => s.group === 'template');
  const p = sources.find((s) => s.group === 'pod');
  if (t && p) return [t.id, p.id];
  for (const group of ['revision', 'replicaSet'] as const) {
    const revs = sources.filter((s) => s.group === group);
    if (revs.length >= 2) return [revs[revs.length - 2].id, revs[revs.length - 1].id];
  }
  return null;
}
