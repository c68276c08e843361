// Runs a scenario script with its `kubectl …` lines executed by the real kubectl against the API
// server (paced clock, in this process) and its `sim …` lines run in the same session, and prints
// the transcript the way the CLI does: `$ command`, then what it printed (stdout and stderr as one
// terminal stream).

import { spawn, spawnSync } from 'node:child_process';
import {
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  realpathSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { tokenize, CLI_BUDGET, parseScript, Session } from '../engine';
import { ApiServer } from './apiServer';
import { contextNamespace } from './contextNamespace';
import { kubeconfigText } from './kubeconfig';
import { Pacer } from './pacer';

/** The real kubectl on PATH (or $KUBECTL), if there is one: its path and client version. */
export function findKubectl(): { path: string; version: string } | undefined {
  const path = process.env.KUBECTL ?? newestVersioned() ?? 'kubectl';
  const r = spawnSync(path, ['version', '--client', '-o', 'json'], { encoding: 'utf8', timeout: 20_000 });
  if (r.status !== 0 || !r.stdout) return undefined;
  try {
    const v = JSON.parse(r.stdout) as { clientVersion?: { gitVersion?: string } };
    return { path, version: v.clientVersion?.gitVersion ?? 'unknown' };
  } catch {
    return undefined;
  }
}

/**
 * The Google Cloud CLI's kubectl is a dispatcher with one binary per release beside it
 * (`kubectl.1.27` … `kubectl.1.33`): take the newest, the closest to the release the cluster reports.
 */
function newestVersioned(): string | undefined {
  const which = spawnSync('sh', ['-c', 'command -v kubectl'], { encoding: 'utf8' });
  const found = which.stdout.trim();
  if (!found) return undefined;
  let dir: string;
  try {
    dir = dirname(realpathSync(found));
  } catch {
    return undefined;
  }
  const versions = readdirSync(dir)
    .map((f) => /^kubectl\.1\.(\d+)$/.exec(f))
    .filter((m): m is RegExpExecArray => m !== null)
    .sort((a, b) => Number(b[1]) - Number(a[1]));
  return versions.length > 0 ? join(dir, versions[0][0]) : undefined;
}

export interface RealRun {
  text: string;
  /** commands run by the real kubectl */
  kubectlLines: number;
}

/** Serves a fresh session on a loopback port for the duration of `fn`. */
async function withServer<T>(
  session: Session,
  fn: (kubeconfig: string, home: string) => Promise<T>,
): Promise<T> {
  const pacer = new Pacer(() => session.sim);
  const api = new ApiServer(session, { pacer });
  const server: Server = createServer(api.handle);
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const port = (server.address() as AddressInfo).port;
  const dir = mkdtempSync(join(tmpdir(), 'dsp-real-'));
  const kubeconfig = join(dir, 'kubeconfig');
  writeFileSync(kubeconfig, kubeconfigText(`http://127.0.0.1:${port}`));
  try {
    return await fn(kubeconfig, dir);
  } finally {
    api.closeStreams();
    server.closeAllConnections();
    await new Promise<void>((r) => server.close(() => r()));
    rmSync(dir, { recursive: true, force: true });
  }
}

function runKubectl(
  kubectl: string,
  args: string[],
  env: NodeJS.ProcessEnv,
  cwd: string,
  stdin: string | undefined,
  timeoutMs: number,
): Promise<string> {
  return new Promise((resolve) => {
    // One pipe for stdout and stderr: the order a terminal shows them.
    const child = spawn('/bin/sh', ['-c', 'exec "$0" "$@" 2>&1', kubectl, ...args], {
      cwd,
      env,
      stdio: ['pipe', 'pipe', 'inherit'],
    });
    let out = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString('utf8')));
    const timer = setTimeout(() => {
      out += `\n[killed after ${timeoutMs / 1000}s]\n`;
      child.kill('SIGKILL');
    }, timeoutMs);
    child.on('close', () => {
      clearTimeout(timer);
      resolve(out);
    });
    child.stdin.end(stdin ?? '');
  });
}

export async function runWithRealKubectl(
  source: string,
  opts: { kubectl: string; seed?: number; cwd: string; readFile: (p: string) => string; timeoutMs?: number },
): Promise<RealRun> {
  // The CLI's budget, as src/cli/checkScenarios.ts runs the same scripts for the expected transcripts.
  const session = new Session({ seed: opts.seed ?? 1, budget: CLI_BUDGET, readFile: opts.readFile });
  const commands = parseScript(source);
  let text = '';
  let kubectlLines = 0;
  await withServer(session, async (kubeconfig, home) => {
    // Invoked as `kubectl` (a versioned binary would record its own name in --record change-causes).
    const bin = join(home, 'bin');
    mkdirSync(bin);
    symlinkSync(opts.kubectl, join(bin, 'kubectl'));
    // `kubectl diff` runs diff from PATH
    for (const tool of ['diff']) {
      const found = spawnSync('/bin/sh', ['-c', `command -v ${tool}`], { encoding: 'utf8' }).stdout.trim();
      if (found) symlinkSync(found, join(bin, tool));
    }
    // PATH holds only kubectl: `kubectl edit` finds no editor, as in the emulator's transcripts.
    const env = { ...process.env, KUBECONFIG: kubeconfig, HOME: home, NO_COLOR: '1', PATH: bin };
    for (const c of commands) {
      text += `$ ${c.text}\n`;
      const words = tokenize(c.command);
      if (words[0] === 'kubectl') {
        kubectlLines++;
        text += await runKubectl(
          join(bin, 'kubectl'),
          words.slice(1),
          env,
          opts.cwd,
          c.stdin,
          opts.timeoutMs ?? 30_000,
        );
      } else {
        // a sim line follows the context's namespace, which the real client keeps in its kubeconfig file
        session.kubeconfig.context.namespace = contextNamespace(readFileSync(kubeconfig, 'utf8'));
        for (const ch of session.exec(c.command, c.stdin).chunks) text += ch.text;
      }
    }
  });
  return { text, kubectlLines };
}
