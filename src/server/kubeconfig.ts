// The files a client needs for a served cluster: a kubeconfig with the `playground` context and a
// `kubectl-sim` plugin (kubectl runs `kubectl-sim` from PATH for `kubectl sim …`).

import { chmodSync, mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PLAYGROUND_CLUSTER, PLAYGROUND_CONTEXT, PLAYGROUND_USER } from '../engine';
import { SIM_MEDIA_TYPE, SIM_PATH } from './guard';

/**
 * The emulator's kubeconfig (the same cluster, user and context names), with the served address.
 * The server speaks plain HTTP on loopback, and the cluster says `insecure-skip-tls-verify: true`:
 * kubectl (1.27–1.33 checked) and client-go take it as it is, and @kubernetes/client-node refuses an
 * http server without it ("HTTP protocol is not allowed when skipTLSVerify is not set"). Serving TLS
 * with a generated CA would need a certificate per start and gain nothing on loopback.
 * `namespace`: the context's (a start script's `kubectl config set-context --current --namespace=X`
 * set it in the session; the real kubectl then starts from the same one). Empty: none, `default`.
 */
export function kubeconfigText(server: string, namespace = ''): string {
  return `apiVersion: v1
kind: Config
clusters:
- cluster:
    insecure-skip-tls-verify: true
    server: ${server}
  name: ${PLAYGROUND_CLUSTER}
contexts:
- context:
    cluster: ${PLAYGROUND_CLUSTER}
${namespace ? `    namespace: ${JSON.stringify(namespace)}\n` : ''}    user: ${PLAYGROUND_USER}
  name: ${PLAYGROUND_CONTEXT}
current-context: ${PLAYGROUND_CONTEXT}
preferences: {}
users:
- name: ${PLAYGROUND_USER}
  user: {}
`;
}

/** `kubectl sim node add gpu-1 …` → POST /playground/v1/sim with the line; prints the answer. */
export function pluginText(server: string): string {
  return `#!/usr/bin/env node
// kubectl sim …: runs a sim command (node add, node condition, advance, settle, why …) in the
// DaemonSet Playground cluster at ${server}.
const q = (a) => (/^[A-Za-z0-9_./:=,@%+-]+$/.test(a) ? a : "'" + a.replace(/'/g, "'\\\\''") + "'");
const line = ['sim', ...process.argv.slice(2)].map(q).join(' ');
fetch('${server}${SIM_PATH}', { method: 'POST', body: line, headers: { 'Content-Type': '${SIM_MEDIA_TYPE}' } })
  .then(async (r) => {
    process.stdout.write(await r.text());
    process.exitCode = r.status === 200 ? Number(r.headers.get('x-exit-code') ?? 0) : 1;
  })
  .catch((e) => {
    process.stderr.write('kubectl sim: cannot reach ${server}: ' + e.message + '\\n');
    process.exitCode = 1;
  });
`;
}

export function writeClientFiles(
  port: number,
  dir?: string,
  namespace = '',
): { kubeconfig: string; binDir: string } {
  const root = dir ?? join(tmpdir(), `daemonset-playground-${port}`);
  const binDir = join(root, 'bin');
  mkdirSync(binDir, { recursive: true });
  const server = `http://127.0.0.1:${port}`;
  const kubeconfig = join(root, 'kubeconfig');
  writeFileSync(kubeconfig, kubeconfigText(server, namespace));
  const plugin = join(binDir, 'kubectl-sim');
  writeFileSync(plugin, pluginText(server));
  chmodSync(plugin, 0o755);
  return { kubeconfig, binDir };
}
