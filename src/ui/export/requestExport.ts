// The page's Export: asks the engine worker for the session as a tar archive (kind-config.yaml,
// manifests/, replay.sh, nodes.sim, README.txt; see src/engine/export) and offers it as a download.

import type { ExportSummary } from '../../engine';
import { engine } from '../../state/engine';
import { useStore } from '../../state/store';
import type { Response } from '../../wire/protocol';

export class NotReadyError extends Error {}

/** Builds the export of the running session and downloads it; answers what it holds. */
export async function downloadExport(): Promise<{ fileName: string; summary: ExportSummary }> {
  if (useStore.getState().engineStatus !== 'ready') throw new NotReadyError('the engine is not ready');
  let client;
  try {
    client = engine();
  } catch {
    throw new NotReadyError('the engine has not started');
  }
  // The engine replays the session: no time-out of its own (the watchdog decides when it is gone).
  const x = await client.request<Extract<Response, { type: 'export' }>>(
    { type: 'export', mtime: Math.floor(Date.now() / 1000) },
    { timeoutMs: Infinity },
  );
  const blob = new Blob([x.archive as Uint8Array<ArrayBuffer>], { type: 'application/x-tar' });
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = x.fileName;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
  return { fileName: x.fileName, summary: x.summary };
}
