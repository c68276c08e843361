// The page's Export, in the worker: the session's inputs replayed through the same builder as
// `sim --export kind` (a fresh session from the same seed and preset, each input at its time, up to
// the page's clock), packed as one tar archive. The running session is not touched.

import {
  exportArchive,
  EXPORT_FILE_NAME,
  summarize,
  type ExportSummary,
  ExportError,
  exportKind,
} from '../engine';
import type { Input, SessionSpec } from '../wire/protocol';

export interface SessionExport {
  fileName: string;
  archive: Uint8Array;
  summary: ExportSummary;
}

export function sessionSource(spec: Pick<SessionSpec, 'seed' | 'preset' | 'nodes'>): string {
  return `a playground session (preset ${spec.preset}${spec.nodes !== undefined && spec.preset === 'large' ? ` --nodes ${spec.nodes}` : ''}, seed ${spec.seed})`;
}

/**
 * Builds the export of a session that started from `spec` and ran `inputs`, its clock at `until` ms
 * after the start. `mtime` (seconds since 1970) stamps the archive's files. Throws an Error that
 * names the input when the session cannot be exported.
 */
export function exportSession(
  spec: Pick<SessionSpec, 'seed' | 'preset' | 'nodes'>,
  inputs: readonly Input[],
  until: number,
  mtime: number,
  onWrite?: () => void,
): SessionExport {
  const source = sessionSource(spec);
  const commands = inputs.map((i, n) => ({
    line: n + 1,
    text: i.line,
    command: i.line,
    at: i.at,
    ...(i.stdin !== undefined ? { stdin: i.stdin } : {}),
  }));
  let result;
  try {
    result = exportKind(commands, {
      seed: spec.seed,
      preset: spec.preset,
      nodes: spec.nodes,
      source,
      until,
      onWrite,
    });
  } catch (e) {
    if (e instanceof ExportError) {
      const line = inputs[e.line - 1]?.line ?? '?';
      const preset = /^sim cluster\s+([a-z]+)/.exec(line)?.[1];
      const hint = preset
        ? `; to export that cluster, start from it: open the page with ?preset=${preset}`
        : '';
      throw new Error(`command ${e.line} (${line}): ${e.message}${hint}`, { cause: e });
    }
    throw e;
  }
  return {
    fileName: EXPORT_FILE_NAME,
    archive: exportArchive(result, source, mtime),
    summary: summarize(result),
  };
}
