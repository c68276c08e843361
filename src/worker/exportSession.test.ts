// The page's Export through the worker protocol: the archive a session downloads, read back with the
// system tar, holds what `sim --export kind` writes for the same commands.

import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { ExportError, exportKind, EXPORT_FOLDER, parseScript, Session } from '../engine';
import { channelClient, closeChannels } from './hostHarness';
import { exportSession } from './exportSession';
import type { Input, Response } from '../wire/protocol';

type ExportAnswer = Extract<Response, { type: 'export' }>;

const dirs: string[] = [];
afterEach(() => {
  closeChannels();
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

const connect = () => channelClient().client;

/** Unpacks with the system tar; answers the files (path → text) and their modes. */
function untar(archive: Uint8Array): {
  files: Map<string, string>;
  modes: Map<string, number>;
  listing: string[];
} {
  const dir = mkdtempSync(join(tmpdir(), 'dsp-export-'));
  dirs.push(dir);
  writeFileSync(join(dir, 'x.tar'), archive);
  const listing = execFileSync('tar', ['-tf', join(dir, 'x.tar')], { encoding: 'utf8' })
    .trim()
    .split('\n');
  execFileSync('tar', ['-xf', join(dir, 'x.tar'), '-C', dir]);
  const files = new Map<string, string>();
  const modes = new Map<string, number>();
  const walk = (rel: string) => {
    for (const name of readdirSync(join(dir, EXPORT_FOLDER, rel))) {
      const path = rel ? `${rel}/${name}` : name;
      const full = join(dir, EXPORT_FOLDER, path);
      if (statSync(full).isDirectory()) walk(path);
      else {
        files.set(path, readFileSync(full, 'utf8'));
        modes.set(path, statSync(full).mode & 0o777);
      }
    }
  };
  walk('');
  return { files, modes, listing };
}

const daemonSet = `apiVersion: apps/v1
kind: DaemonSet
metadata:
  name: fluentd-elasticsearch
  namespace: kube-system
spec:
  selector:
    matchLabels: {name: fluentd-elasticsearch}
  template:
    metadata:
      labels: {name: fluentd-elasticsearch}
    spec:
      tolerations:
      - key: node-role.kubernetes.io/master
        effect: NoSchedule
      containers:
      - name: fluentd-elasticsearch
        image: quay.io/fluentd_elasticsearch/fluentd:v2.5.2
`;

describe('Export (worker request)', () => {
  it('downloads the session as a tar: nodes with labels and taints, the manifest, the commands with the time between them', async () => {
    const client = connect();
    await client.request({ type: 'init', spec: { seed: 1, preset: 'article', inputs: [] } });
    await client.request({ type: 'exec', line: 'kubectl apply -f -', stdin: daemonSet });
    await client.request({
      type: 'exec',
      line: 'sim node add gpu-1 --label accelerator=nvidia --taint gpu=true:NoSchedule',
    });
    await client.request({ type: 'advance', ms: 12_500 });
    await client.request({ type: 'exec', line: 'kubectl get pods -n kube-system -o wide' });
    await client.request({ type: 'exec', line: 'kubeclt get pods' });
    await client.request({ type: 'advance', ms: 3000 });
    const x = await client.request<ExportAnswer>({ type: 'export', mtime: 1_700_000_000 });
    expect(x.fileName).toBe(`${EXPORT_FOLDER}.tar`);
    expect(x.summary).toEqual({ nodes: 3, controlPlanes: 1, manifests: 1, commands: 2 });
    const { files, modes, listing } = untar(x.archive);
    expect(listing).toEqual([
      `${EXPORT_FOLDER}/`,
      `${EXPORT_FOLDER}/README.txt`,
      `${EXPORT_FOLDER}/kind-config.yaml`,
      `${EXPORT_FOLDER}/replay.sh`,
      `${EXPORT_FOLDER}/nodes.sim`,
      `${EXPORT_FOLDER}/manifests/`,
      `${EXPORT_FOLDER}/manifests/01-fluentd-elasticsearch.yaml`,
    ]);
    expect(modes.get('replay.sh')).toBe(0o755);
    expect(files.get('manifests/01-fluentd-elasticsearch.yaml')).toBe(daemonSet);
    const config = files.get('kind-config.yaml')!;
    expect(config).toContain(
      '# kind cluster for a playground session (preset article, seed 1), exported by DaemonSet Playground.',
    );
    expect(config.match(/- role: (\w[\w-]*)/g)).toEqual([
      '- role: control-plane',
      '- role: worker',
      '- role: worker',
    ]);
    expect(config).toContain('node-labels: "accelerator=nvidia,playground.daemonset.dev/node=gpu-1"');
    expect(config).toContain('      - key: "gpu"\n        value: "true"\n        effect: NoSchedule');
    const replay = files.get('replay.sh')!;
    const tail = replay.slice(replay.indexOf('# a playground session'));
    expect(tail).toBe(
      [
        '# a playground session (preset article, seed 1)',
        'kubectl apply -f manifests/01-fluentd-elasticsearch.yaml',
        '# sim node add gpu-1 --label accelerator=nvidia --taint gpu=true:NoSchedule  (in kind-config.yaml)',
        'sim advance 12s500ms',
        'kubectl get pods -n kube-system -o wide',
        '# kubeclt get pods  (not a kubectl or sim command: left out)',
        'sim advance 3s',
        '',
      ].join('\n'),
    );
    expect(files.get('nodes.sim')).toContain(
      'sim node add gpu-1 --label accelerator=nvidia --label playground.daemonset.dev/node=gpu-1 --taint gpu=true:NoSchedule',
    );
    expect(files.get('README.txt')).toContain('3 nodes (1 control plane), 1 manifest, 2 kubectl commands.');
    expect(files.get('README.txt')).toContain('kind create cluster --config kind-config.yaml && ./replay.sh');
  });

  it('exports a session with no commands yet: the preset cluster, nothing to replay', async () => {
    const client = connect();
    await client.request({ type: 'init', spec: { seed: 1, preset: 'article', inputs: [] } });
    const x = await client.request<ExportAnswer>({ type: 'export', mtime: 0 });
    expect(x.summary).toEqual({ nodes: 2, controlPlanes: 1, manifests: 0, commands: 0 });
    const { files, listing } = untar(x.archive);
    expect(listing).toContain(`${EXPORT_FOLDER}/manifests/`);
    expect(files.get('kind-config.yaml')).toContain('node-labels: "playground.daemonset.dev/node=node-1"');
    expect(
      files.get('replay.sh')!.trimEnd().endsWith('# a playground session (preset article, seed 1)'),
    ).toBe(true);
  });

  it('says which command cannot be exported, and the session goes on as it was', async () => {
    const client = connect();
    await client.request({ type: 'init', spec: { seed: 1, preset: 'article', inputs: [] } });
    await client.request({ type: 'exec', line: 'kubectl apply -f -', stdin: daemonSet });
    await client.request({ type: 'exec', line: 'sim cluster kubeadm' });
    await expect(client.request({ type: 'export', mtime: 0 })).rejects.toThrow(
      /^command 2 \(sim cluster kubeadm\): sim cluster can only come first .*; to export that cluster, start from it: open the page with \?preset=kubeadm$/,
    );
    const res = await client.request<Extract<Response, { type: 'exec' }>>({
      type: 'exec',
      line: 'kubectl get nodes -o name',
    });
    expect(res.chunks.map((c) => c.text).join('')).toBe('node/control-plane\nnode/worker-1\nnode/worker-2\n');
  });
});

const scenarios = resolve(dirname(fileURLToPath(import.meta.url)), '../scenarios');

/** Scenarios a person could type on the page: no `-f FILE` (the page has no files). */
const typable = readdirSync(scenarios)
  .filter(
    (f) =>
      f.endsWith('.sim') && !/-f [^-]|--filename=[^-]|-f=[^-]/.test(readFileSync(join(scenarios, f), 'utf8')),
  )
  .map((f) => f.slice(0, -'.sim'.length));

describe('the page exports what the CLI exports', () => {
  it('has scenarios to compare', () => expect(typable.length).toBeGreaterThan(8));
  for (const name of typable) {
    it(`${name}: the same files (or the same refusal) for the same commands typed on the page`, () => {
      const script = parseScript(readFileSync(join(scenarios, `${name}.sim`), 'utf8'));
      // The page's engine records each input with the time it ran at.
      const page = new Session({ seed: 1 });
      const inputs: Input[] = [];
      for (const c of script) {
        inputs.push({
          at: page.sim.now() - page.startMs,
          line: c.command,
          ...(c.stdin !== undefined ? { stdin: c.stdin } : {}),
        });
        page.exec(c.command, c.stdin);
      }
      const onPage = () =>
        exportSession({ seed: 1, preset: 'article' }, inputs, page.sim.now() - page.startMs, 0);
      let cli;
      try {
        cli = exportKind(script, { seed: 1, source: `${name}.sim` });
      } catch (e) {
        expect(e).toBeInstanceOf(ExportError);
        expect(onPage).toThrow((e as Error).message);
        return;
      }
      const { files } = untar(onPage().archive);
      files.delete('README.txt');
      const source = (t: string) =>
        t.replaceAll('a playground session (preset article, seed 1)', `${name}.sim`);
      expect(new Map([...files].map(([k, v]) => [k, source(v)]))).toEqual(cli.files);
    });
  }
});
