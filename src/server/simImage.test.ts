// `kubectl sim image …` against the API server: the kubectl-sim plugin the server writes posts the line
// to /playground/v1/sim, which runs it in the served session; the rules reach the served cluster's
// kubelets (the session's registry) and stay across `sim cluster`.

import { execFile } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Session } from '../engine';
import { ApiServer } from './apiServer';
import { writeClientFiles } from './kubeconfig';

let server: Server;
let api: ApiServer;
let session: Session;
let plugin: string;

beforeEach(async () => {
  session = new Session({ seed: 1 });
  api = new ApiServer(session);
  server = createServer(api.handle);
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const port = (server.address() as AddressInfo).port;
  plugin = join(writeClientFiles(port, mkdtempSync(join(tmpdir(), 'sim-image-'))).binDir, 'kubectl-sim');
});

afterEach(async () => {
  api.closeStreams();
  await new Promise<void>((r) => server.close(() => r()));
});

/** What `kubectl sim ARGS…` does: kubectl runs the plugin with the words after `sim` (a node process each: ~1 s). */
function kubectlSim(...args: string[]): Promise<{ out: string; code: number }> {
  return new Promise((resolve) => {
    execFile(process.execPath, [plugin, ...args], (err, stdout, stderr) => {
      resolve({ out: stdout + stderr, code: err ? Number((err as { code?: number }).code ?? 1) : 0 });
    });
  });
}

describe('kubectl sim image', () => {
  it('sets rules in the served session and lists them', async () => {
    expect(await kubectlSim('image', 'list')).toEqual({
      out: 'No image rules set: every image pulls as the registry catalogue says, and runs.\n',
      code: 0,
    });
    expect(await kubectlSim('image', 'missing', 'nginx:1.99')).toEqual({ out: '', code: 0 });
    expect(
      await kubectlSim(
        'image',
        'crash',
        'registry.example.com/team/agent:v1',
        '--after',
        '2s',
        '--exit-code=3',
      ),
    ).toEqual({ out: '', code: 0 });
    expect(await kubectlSim('cluster', 'kubeadm')).toEqual({ out: '', code: 0 });
    expect(api.session.sim.registry.facts('nginx:1.99').exists).toBe(false);
    expect(await kubectlSim('image', 'list')).toEqual({
      out: [
        'IMAGE                                PULL                  RUN',
        'docker.io/library/nginx:1.99         missing               runs',
        'registry.example.com/team/agent:v1   ok (not catalogued)   crash after 2s (exit 3)',
        '',
      ].join('\n'),
      code: 0,
    });
  }, 60_000);

  it('answers bad input with its error and exit status 1, and changes nothing', async () => {
    expect(await kubectlSim('image', 'missing', 'Nginx')).toEqual({
      out: 'error: invalid image reference "Nginx": invalid reference format: repository name (library/Nginx) must be lowercase\n',
      code: 1,
    });
    expect(await kubectlSim('image', 'oom', 'nginx', '--after', 'soon')).toEqual({
      out: 'error: invalid --after "soon" (examples: 500ms, 30s, 5m, 1h30m)\n',
      code: 1,
    });
    // a word with a space reaches the server as one word (the plugin quotes it)
    expect(await kubectlSim('image', 'unready', 'nginx latest')).toEqual({
      out: 'error: invalid image reference "nginx latest": invalid reference format\n',
      code: 1,
    });
    expect(api.session.sim.registry.rules.size).toBe(0);
  }, 60_000);
});
