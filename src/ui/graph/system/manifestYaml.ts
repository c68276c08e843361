// The graph's YAML text (the yaml package): the one-click fix's manifests and the diff modal's two
// sides. A module of its own, imported only by what a click opens (TolerateFixPreview, DiffModal), so
// the graph's chunk — which the first graph card waits for — does not carry the package (issue 24).

import { stringify } from 'yaml';
import type { DaemonSet, Pod } from '../../../engine';
import { copy } from './manifest';

export function toYaml(v: unknown): string {
  return stringify(v, { lineWidth: 0 });
}

/** The DaemonSet's pod template, as the left side of "diff with the template". */
export function templateYaml(ds: DaemonSet): string {
  const t = copy(ds.spec.template);
  const metadata: Record<string, unknown> = {};
  if (t.metadata?.labels) metadata.labels = t.metadata.labels;
  if (t.metadata?.annotations) metadata.annotations = t.metadata.annotations;
  return toYaml({ metadata, spec: t.spec });
}

/** A pod's labels, annotations and spec in the same shape, as the right side. */
export function podTemplateYaml(pod: Pod): string {
  const metadata: Record<string, unknown> = {};
  if (pod.metadata.labels) metadata.labels = pod.metadata.labels;
  if (pod.metadata.annotations) metadata.annotations = pod.metadata.annotations;
  return toYaml({ metadata, spec: copy(pod.spec) });
}
