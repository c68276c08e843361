// Failing pods and stalled rollouts, the real kubectl against the emulator: the fixture of
// src/engine/testing/failingPods.ts (every STATUS form, CrashLoopBackOff with its
// last termination, OOMKilled, probes, Warning events with counts, two stuck DaemonSets) is served
// to the real kubectl on PATH, and each command's output must equal the emulator's, byte for byte.
// Skipped without a kubectl (set KUBECTL=…).
//
// The clock: describe computes event ages and "Terminating (lasts …)" on the client, from the
// machine's clock, so the fixture describes the present moment and each command starts just after
// a second boundary with the simulated clock set to that second.
//
// Known difference, from the sources: kubectl ≥ 1.35 (what the emulator mirrors) puts an event's
// involvedObject.fieldPath before its message in describe (`spec.containers{app}: Back-off …`);
// an older client does not, so for one the prefix is taken out of the emulator's text.

import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tokenize, runKubectl, Session, type Simulation } from '../engine';
import { failingPodsCluster } from '../engine/testing';
import { ApiServer } from './apiServer';
import { kubeconfigText } from './kubeconfig';
import { findKubectl } from './realKubectl';

const kubectl = findKubectl();
const minor = Number(/^v1\.(\d+)/.exec(kubectl?.version ?? '')?.[1] ?? 0);

/** What a kubectl older than 1.35 prints where the emulator prints 1.35's words. */
function asClient(text: string): string {
  if (minor >= 35) return text;
  return text.replace(/^(\s+(?:Normal|Warning)\s.*?)spec\.(?:initC|c)ontainers\{[^}]*\}: /gm, '$1');
}

function run(bin: string, args: string[], env: NodeJS.ProcessEnv): Promise<string> {
  return new Promise((resolve) => {
    const child = spawn('/bin/sh', ['-c', 'exec "$0" "$@" 2>&1', bin, ...args], {
      env,
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let out = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString('utf8')));
    child.on('close', () => resolve(out));
  });
}

const nextSecond = () =>
  new Promise<number>((r) => {
    const t = Math.ceil((Date.now() + 1) / 1000) * 1000;
    setTimeout(() => r(t), t - Date.now());
  });

describe.skipIf(!kubectl)('failing pods: the real kubectl against the emulator', () => {
  let sim: Simulation;
  let env: NodeJS.ProcessEnv;
  let dir: string;
  let close: () => Promise<void>;

  beforeAll(async () => {
    // The fixture describes `start` + 10 minutes: the present moment.
    const present = Math.ceil(Date.now() / 1000) * 1000 + 1000;
    sim = failingPodsCluster(present - 10 * 60_000).sim;
    const session = new Session({ preset: 'empty', start: sim.now() });
    session.sim = sim;
    const api = new ApiServer(session);
    const server = createServer(api.handle);
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    dir = mkdtempSync(join(tmpdir(), 'dsp-failing-'));
    writeFileSync(
      join(dir, 'kubeconfig'),
      kubeconfigText(`http://127.0.0.1:${(server.address() as AddressInfo).port}`),
    );
    env = { ...process.env, KUBECONFIG: join(dir, 'kubeconfig'), HOME: dir, NO_COLOR: '1', TZ: 'UTC' };
    close = async () => {
      api.closeStreams();
      server.closeAllConnections();
      await new Promise<void>((r) => server.close(() => r()));
    };
  });

  afterAll(async () => {
    await close?.();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  // The real kubectl computes describe's ages from its own clock, read at some moment while it ran:
  // the emulator's answer is compared at each whole second from the request's start to the client's
  // exit (the fixture's times are whole seconds), so a slow machine widens the window instead of
  // failing the comparison, and no run is tried again. Tables come from the server at `at`, the first
  // of those seconds.
  const same = async (line: string) => {
    const at = await nextSecond();
    if (at > sim.now()) sim.clock.set(at);
    const real = await run(kubectl!.path, tokenize(line), env);
    const last = Math.floor(Date.now() / 1000) * 1000;
    let emulated = '';
    for (let t = sim.now(); t <= Math.max(last, sim.now()); t += 1000) {
      if (t > sim.now()) sim.clock.set(t);
      emulated = asClient(
        runKubectl(sim, tokenize(line), {})
          .chunks.map((c) => c.text)
          .join(''),
      );
      if (emulated === real) break;
    }
    expect({ line, text: real }).toEqual({ line, text: emulated });
  };

  it.each([
    'get pods',
    'get pods -o wide',
    'get ds',
    'get ds -o wide',
    'get events',
    'get events -o wide',
    'get events --field-selector involvedObject.name=app-crashloop',
  ])('kubectl %s', (line) => same(line), 60_000);

  it.each([
    'app-crashloop',
    'app-imagepullbackoff',
    'app-errimagepull',
    'app-oom-now',
    'app-oomkilled',
    'app-running-unready',
    'app-signal',
    'app-error',
    'app-init-crash',
    'app-init-signal',
    'app-sidecar',
    'app-notready',
    'app-terminating',
    'agent-9q7wz',
  ])('kubectl describe pod %s', (pod) => same(`describe pod ${pod}`), 60_000);

  it.each(['agent', 'logger'])('kubectl describe ds %s', (ds) => same(`describe ds ${ds}`), 60_000);

  it.each([
    'rollout status ds/agent --watch=false',
    'rollout status ds/logger --watch=false',
    'logs app-creating --previous',
    'logs app-crashloop -c nope -p',
  ])('kubectl %s', (line) => same(line), 60_000);
});
