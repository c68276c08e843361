// Writes `sim --export kind DIR` to disk and says what it wrote.

import { chmodSync, mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { type ScriptCommand, exportKind, ExportError } from '../engine';

export function writeKindExport(
  commands: ScriptCommand[],
  opts: { seed: number; source: string; readFile: (p: string) => string },
  dir: string,
  out: (text: string) => void = (t) => process.stdout.write(t),
  err: (text: string) => void = (t) => process.stderr.write(t),
): number {
  let result;
  try {
    result = exportKind(commands, opts);
  } catch (e) {
    if (e instanceof ExportError) {
      err(`${opts.source}:${e.line}: ${e.message}\n`);
      return 2;
    }
    throw e;
  }
  for (const [name, text] of result.files) {
    const path = join(dir, name);
    mkdirSync(dirname(path), { recursive: true });
    writeFileSync(path, text);
    if (name.endsWith('.sh')) chmodSync(path, 0o755);
    out(`wrote ${path}\n`);
  }
  const cp = result.nodes.filter((n) => n.controlPlane).length;
  out(
    `${result.nodes.length} nodes (${cp} control plane): kind create cluster --config ${join(dir, 'kind-config.yaml')} && ${join(dir, 'replay.sh')}\n`,
  );
  return 0;
}
