// The page's Export: the files `sim --export kind DIR` writes, plus a README.txt, as one tar archive
// with everything in one folder (replay.sh executable).

import type { ExportResult } from './kind';
import { tar, type TarEntry } from './tar';

export const EXPORT_FOLDER = 'daemonset-playground-kind';
export const EXPORT_FILE_NAME = `${EXPORT_FOLDER}.tar`;

/** What the export holds, in numbers (the page says them after the download). */
export interface ExportSummary {
  nodes: number;
  controlPlanes: number;
  manifests: number;
  /** kubectl lines in replay.sh */
  commands: number;
}

export function summarize(r: ExportResult): ExportSummary {
  return {
    nodes: r.nodes.length,
    controlPlanes: r.nodes.filter((n) => n.controlPlane).length,
    manifests: [...r.files.keys()].filter((f) => f.startsWith('manifests/')).length,
    commands: r.commands,
  };
}

export function exportReadme(source: string, s: ExportSummary): string {
  return `DaemonSet Playground: ${source}, for a real cluster

${s.nodes} node${s.nodes === 1 ? '' : 's'} (${s.controlPlanes} control plane), ${s.manifests} manifest${s.manifests === 1 ? '' : 's'}, ${s.commands} kubectl command${s.commands === 1 ? '' : 's'}.

On a kind cluster (https://kind.sigs.k8s.io), in this folder:

  kind create cluster --config kind-config.yaml && ./replay.sh

Against the playground's own API server (in the playground's source folder):

  npm run -s serve -- --preset empty ${EXPORT_FOLDER}/nodes.sim
  # then, with the KUBECONFIG and PATH it prints (kubectl, and the kubectl-sim plugin):
  ${EXPORT_FOLDER}/replay.sh

Files:
  kind-config.yaml  the session's nodes: control plane and workers, their labels and taints
                    through kubeadm patches
  manifests/        every manifest the session applied
  replay.sh         the session's commands: kubectl as typed (node names looked up on the cluster
                    by the label playground.daemonset.dev/node); sim lines run through kubectl sim
                    against the playground's server and become waits (or notes) on a real cluster;
                    the time that passed between commands becomes "sim advance" lines (on a
                    real cluster each sleeps that long: delete those you do not want to wait for)
  nodes.sim         the same nodes as a scenario script, for npm run -s serve
`;
}

/** The tar archive of an export; `mtime` (seconds since 1970) stamps its entries. */
export function exportArchive(r: ExportResult, source: string, mtime: number): Uint8Array {
  const dir = `${EXPORT_FOLDER}/`;
  const entries: TarEntry[] = [
    { name: dir },
    { name: `${dir}README.txt`, data: exportReadme(source, summarize(r)) },
  ];
  const manifests: TarEntry[] = [];
  for (const [name, text] of r.files) {
    const entry = { name: dir + name, data: text, ...(name.endsWith('.sh') ? { mode: 0o755 } : {}) };
    if (name.startsWith('manifests/')) manifests.push(entry);
    else entries.push(entry);
  }
  entries.push({ name: `${dir}manifests/` }, ...manifests);
  return tar(entries, mtime);
}
