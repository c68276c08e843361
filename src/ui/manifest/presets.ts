// The manifests the editor's Presets menu and the palette offer: the article's DaemonSet and a
// Deployment with the same kind of template (issue 23: the two ways of running it, side by side).
// Inserting one keeps what is typed: it is added as another YAML document. Pure, tested.

import { ARTICLE_MANIFEST, DEPLOYMENT_MANIFEST } from '../../engine/scripts';

export type PresetId = 'daemonset' | 'deployment';

export interface Preset {
  id: PresetId;
  kind: 'DaemonSet' | 'Deployment';
  /** `kind/name` as kubectl names what it applies */
  object: string;
  manifest: string;
}

export const PRESETS: readonly Preset[] = [
  {
    id: 'daemonset',
    kind: 'DaemonSet',
    object: 'daemonset.apps/fluentd-elasticsearch',
    manifest: ARTICLE_MANIFEST,
  },
  { id: 'deployment', kind: 'Deployment', object: 'deployment.apps/web', manifest: DEPLOYMENT_MANIFEST },
];

export function preset(id: PresetId): Preset {
  return PRESETS.find((p) => p.id === id)!;
}

/** The editor's text with a preset added: the preset alone when nothing is typed, else after `---`. */
export function withPreset(text: string, id: PresetId): string {
  const m = preset(id).manifest;
  if (!text.trim()) return m;
  return `${text.replace(/\s*$/, '')}\n---\n${m}`;
}
