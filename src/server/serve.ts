// npm run -s serve -- [--port N] [--seed N] [--speed X] [--preset NAME] [--allow-origin O] [SCRIPT]
// Runs the engine as a Kubernetes API server on 127.0.0.1 (plain HTTP, no auth), writes a
// kubeconfig and a `kubectl-sim` plugin for it, prints `KUBECONFIG=<path>` once it listens, and
// runs until SIGINT/SIGTERM. The simulated clock runs at --speed × wall time (0: only `sim`
// commands move it). It starts at the wall-clock time (whole seconds), so the ages clients compute
// from their own clock (kubectl events, describe's Events) are right; --start TIME (RFC 3339)
// starts it elsewhere, e.g. at the transcripts' fixed 2026-01-01T00:00:00Z.

import { createServer } from 'node:http';
import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { isPreset, type PresetName, parseScript, ScriptParseError, Session } from '../engine';
import { ApiServer } from './apiServer';
import { SimClock } from './clock';
import { Pacer } from './pacer';
import { writeClientFiles } from './kubeconfig';

const USAGE =
  'usage: npm run -s serve -- [--port N] [--seed N] [--speed X] [--preset article|kubeadm|empty|large] [--nodes N] [--start RFC3339] [--allow-origin ORIGIN]… [SCRIPT]';

interface Args {
  port: number;
  seed: number;
  speed: number;
  preset: PresetName;
  nodes?: number;
  allowOrigins: string[];
  script?: string;
  dir?: string;
  /** the simulated clock's start (ms since the epoch); default: now */
  start?: number;
}

function fail(msg: string): never {
  process.stderr.write(`serve: ${msg}\n${USAGE}\n`);
  process.exit(2);
}

export function parseArgs(argv: string[]): Args {
  const a: Args = { port: 8080, seed: 1, speed: 1, preset: 'article', allowOrigins: [] };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    const eq = arg.indexOf('=');
    const flag = arg.startsWith('--') && eq > 0 ? arg.slice(0, eq) : arg;
    const value = () => (arg.startsWith('--') && eq > 0 ? arg.slice(eq + 1) : argv[++i]);
    switch (flag) {
      case '--port': {
        const v = value();
        if (!/^\d+$/.test(v ?? '') || Number(v) > 65535)
          fail(`--port needs a port number (0 picks a free one), not "${v ?? ''}"`);
        a.port = Number(v);
        break;
      }
      case '--seed': {
        const v = value();
        if (!/^\d+$/.test(v ?? '')) fail(`--seed needs a non-negative integer, not "${v ?? ''}"`);
        a.seed = Number(v);
        break;
      }
      case '--speed': {
        const v = value();
        const n = Number(v);
        if (v === undefined || v === '' || !Number.isFinite(n) || n < 0 || n > 1000)
          fail(`--speed needs a number from 0 to 1000, not "${v ?? ''}"`);
        a.speed = n;
        break;
      }
      case '--preset': {
        const v = value() ?? '';
        if (!isPreset(v)) fail(`unknown preset "${v}"`);
        a.preset = v;
        break;
      }
      case '--nodes': {
        const v = value();
        if (!/^\d+$/.test(v ?? '')) fail(`--nodes needs a number, not "${v ?? ''}"`);
        a.nodes = Number(v);
        break;
      }
      case '--allow-origin': {
        const v = value() ?? '';
        if (!/^https?:\/\/[^/]+$/.test(v))
          fail(`--allow-origin needs an origin like http://127.0.0.1:5173, not "${v}"`);
        a.allowOrigins.push(v);
        break;
      }
      case '--start': {
        const v = value() ?? '';
        const t = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?(Z|[+-]\d\d:\d\d)$/.test(v) ? Date.parse(v) : NaN;
        if (!Number.isFinite(t)) fail(`--start needs an RFC 3339 time like 2026-01-01T00:00:00Z, not "${v}"`);
        a.start = t;
        break;
      }
      case '--dir':
        a.dir = value();
        break;
      case '-h':
      case '--help':
        process.stdout.write(`${USAGE}\n`);
        process.exit(0);
        break;
      default:
        if (arg.startsWith('-') && arg !== '-') fail(`unknown flag "${arg}"`);
        if (a.script !== undefined) fail(`unexpected argument "${arg}"`);
        a.script = arg;
    }
  }
  return a;
}

function runStartScript(session: Session, script: string): void {
  const source = script === '-' ? readFileSync(0, 'utf8') : readFileSync(script, 'utf8');
  let commands;
  try {
    commands = parseScript(source);
  } catch (e) {
    if (e instanceof ScriptParseError) {
      process.stderr.write(`${script}:${e.line}: ${e.message}\n`);
      process.exit(2);
    }
    throw e;
  }
  // The script's transcript goes to stderr: stdout carries the KUBECONFIG line.
  for (const c of commands) {
    process.stderr.write(`$ ${c.text}\n`);
    const r = session.exec(c.command, c.stdin);
    for (const ch of r.chunks) process.stderr.write(ch.text);
  }
}

function main(): void {
  const args = parseArgs(process.argv.slice(2));
  const base = args.script && args.script !== '-' ? dirname(resolve(args.script)) : process.cwd();
  const start = args.start ?? Math.floor(Date.now() / 1000) * 1000;
  const session = new Session({
    seed: args.seed,
    start,
    preset: args.preset,
    nodes: args.nodes,
    readFile: (p) => readFileSync(resolve(base, p), 'utf8'),
  });
  if (args.script) runStartScript(session, args.script);
  // --speed 0: the paced clock, which moves while clients wait, exactly as the emulator would.
  const pacer = args.speed === 0 ? new Pacer(() => session.sim) : undefined;
  // resourceVersions start from the wall clock (microseconds): each start's are above any earlier
  // run's, so a client resuming from one of those gets 410 Gone and lists again.
  const api = new ApiServer(session, {
    allowOrigins: args.allowOrigins,
    pacer,
    startResourceVersion: Date.now() * 1000,
  });
  const clock = new SimClock(() => session.sim, args.speed);
  const server = createServer(api.handle);
  server.on('error', (e: NodeJS.ErrnoException) => {
    process.stderr.write(
      `serve: cannot listen on 127.0.0.1:${args.port}: ${e.code === 'EADDRINUSE' ? 'the port is in use (try --port)' : e.message}\n`,
    );
    process.exit(1);
  });
  server.listen(args.port, '127.0.0.1', () => {
    const addr = server.address();
    const port = typeof addr === 'object' && addr ? addr.port : args.port;
    // the start script's `kubectl config set-context --current --namespace=X` goes with the kubeconfig
    const files = writeClientFiles(port, args.dir, session.kubeconfig.context.namespace);
    clock.start();
    process.stdout.write(`KUBECONFIG=${files.kubeconfig}\n`);
    process.stderr.write(
      `serve: the simulated cluster listens on http://127.0.0.1:${port} (${args.speed === 0 ? 'paced clock: time moves while clients wait' : `clock ${args.speed}× wall time`})\n` +
        `serve: export KUBECONFIG=${files.kubeconfig} PATH=${files.binDir}:$PATH   # kubectl, and kubectl sim …\n`,
    );
  });
  const stop = () => {
    clock.stop();
    api.closeStreams();
    server.close(() => process.exit(0));
    setTimeout(() => process.exit(0), 1000).unref();
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

main();
