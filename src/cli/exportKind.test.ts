// The kind export: what it writes, and — with a real kubectl on PATH — that its replay.sh, run
// against the API server started with its nodes.sim, leaves the same objects as the simulation.

import { spawn } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { type KObject, parseScript, runCommands, Session, exportKind, ExportError } from '../engine';
import { ApiServer } from '../server/apiServer';
import { writeClientFiles } from '../server/kubeconfig';
import { Pacer } from '../server/pacer';
import { findKubectl } from '../server/realKubectl';

const scenarios = resolve(dirname(fileURLToPath(import.meta.url)), '../scenarios');
const read = (p: string) => readFileSync(resolve(scenarios, p), 'utf8');

function exportOf(name: string) {
  return exportKind(parseScript(read(`${name}.sim`)), { seed: 1, source: `${name}.sim`, readFile: read });
}

describe('export kind', () => {
  it('writes the nodes with labels and taints, kubelet-forbidden labels set by replay.sh', () => {
    const { files, nodes } = exportOf('taints-tolerations');
    expect(nodes.map((n) => `${n.name}:${n.controlPlane}`)).toEqual([
      'control-plane:true',
      'worker-1:false',
      'worker-2:false',
    ]);
    const config = files.get('kind-config.yaml')!;
    expect(config).toContain('kind: Cluster\napiVersion: kind.x-k8s.io/v1alpha4');
    expect(config).toContain(
      '- role: control-plane\n  kubeadmConfigPatches:\n  - |\n    kind: InitConfiguration',
    );
    expect(config).toContain(
      '      - key: "node-role.kubernetes.io/control-plane"\n        effect: NoSchedule',
    );
    expect(config).not.toMatch(/node-labels: "[^"]*node-role\.kubernetes\.io/);
    const replay = files.get('replay.sh')!;
    expect(replay).toContain(
      'kubectl label node "$(node_name control-plane)" node-role.kubernetes.io/control-plane= --overwrite',
    );
    expect(replay).toContain('kubectl taint nodes "$(node_name worker-1)" dedicated=db:NoSchedule');
    // A taint key that contains a node's name is not a node reference.
    expect(replay).toContain('kubectl apply -f manifests/01-node-agent.yaml');
    expect(files.get('manifests/01-node-agent.yaml')).toContain('kind: DaemonSet');
  });

  it('adds nodes from sim node add, and refuses sim cluster in the middle', () => {
    const { nodes, files } = exportOf('node-add-delete');
    expect(nodes.length).toBeGreaterThan(2);
    expect(files.get('replay.sh')).toMatch(/# sim node add .*\(in kind-config\.yaml\)/);
    expect(() =>
      exportKind(parseScript('kubectl get nodes\nsim cluster kubeadm\n'), {
        seed: 1,
        source: 'x.sim',
        readFile: read,
      }),
    ).toThrow(ExportError);
  });

  it('gives kind the control-plane node it needs when the session had none', () => {
    const { files, nodes } = exportOf('resource-fit');
    expect(nodes.map((n) => n.controlPlane)).toEqual([false, false]);
    const config = files.get('kind-config.yaml')!;
    expect(config.match(/- role: [\w-]+/g)).toEqual([
      '- role: control-plane',
      '- role: worker',
      '- role: worker',
    ]);
    expect(config).toContain(
      '- role: control-plane\n  kubeadmConfigPatches:\n  - |\n    kind: InitConfiguration\n    nodeRegistration:\n      taints:\n      - key: "node-role.kubernetes.io/control-plane"\n        effect: NoSchedule\n',
    );
    expect(files.get('nodes.sim')).not.toContain('control-plane');
  });

  it('reads kubectl logs -f as --follow, and leaves a -f FILE that does not exist as it was', () => {
    const missing = (p: string): string => {
      throw new Error(`ENOENT ${p}`);
    };
    const { files } = exportKind(
      parseScript('kubectl logs pod/x -f --timestamps\nkubectl apply -f nope.yaml\n'),
      { seed: 1, source: 'x.sim', readFile: missing },
    );
    expect(files.get('replay.sh')).toContain(
      '# x.sim\nkubectl logs pod/x -f --timestamps\nkubectl apply -f nope.yaml\n',
    );
    expect([...files.keys()].filter((f) => f.startsWith('manifests/'))).toEqual([]);
  });
});

const kubectl = findKubectl();

/** The state that should not depend on timing: DaemonSets, their pods per node and revisions. */
function outcome(objs: KObject[]): string[] {
  const lines: string[] = [];
  for (const o of objs) {
    const m = o.metadata;
    if (o.kind === 'DaemonSet') {
      const s = o.status as Record<string, number>;
      lines.push(
        `ds ${m.namespace}/${m.name} desired=${s.desiredNumberScheduled} ready=${s.numberReady} updated=${s.updatedNumberScheduled}`,
      );
    } else if (o.kind === 'Pod' && m.ownerReferences?.length) {
      const spec = o.spec as { nodeName?: string; containers: { image: string }[] };
      lines.push(
        `pod ${m.namespace}/${m.ownerReferences[0].name} on ${spec.nodeName} ${spec.containers.map((c) => c.image).join(',')} ${(o.status as { phase?: string }).phase}`,
      );
    } else if (o.kind === 'ControllerRevision') {
      lines.push(
        `revision ${m.namespace}/${m.ownerReferences?.[0]?.name} ${(o as unknown as { revision: number }).revision}`,
      );
    }
  }
  return lines.sort();
}

function bash(script: string, env: NodeJS.ProcessEnv): Promise<string> {
  return new Promise((resolve) => {
    const child = spawn('bash', [script], { env, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    child.stdout.on('data', (d: Buffer) => (out += d));
    child.stderr.on('data', (d: Buffer) => (out += d));
    child.on('close', () => resolve(out));
  });
}

describe.skipIf(!kubectl)('replay.sh with the real kubectl against serve', () => {
  for (const name of ['taints-tolerations', 'nodeselector', 'node-add-delete']) {
    it(`${name}: the same DaemonSets, pods and revisions as the simulation`, async () => {
      const dir = mkdtempSync(join(tmpdir(), 'dsp-export-'));
      try {
        const { files } = exportOf(name);
        for (const [f, text] of files) {
          mkdirSync(dirname(join(dir, f)), { recursive: true });
          writeFileSync(join(dir, f), text);
        }
        chmodSync(join(dir, 'replay.sh'), 0o755);
        // The cluster: serve with the exported nodes, on the paced clock.
        const session = new Session({ seed: 1, preset: 'empty' });
        runCommands(session, parseScript(files.get('nodes.sim')!));
        const api = new ApiServer(session, { pacer: new Pacer(() => session.sim) });
        const server = createServer(api.handle);
        await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
        const client = writeClientFiles((server.address() as AddressInfo).port, join(dir, 'client'));
        const env = {
          ...process.env,
          KUBECONFIG: client.kubeconfig,
          HOME: dir,
          PATH: `${client.binDir}:${process.env.PATH}`,
        };
        const out = await bash(join(dir, 'replay.sh'), env);
        session.sim.settle();
        api.closeStreams();
        server.closeAllConnections();
        await new Promise<void>((r) => server.close(() => r()));

        const simulated = new Session({ seed: 1, readFile: read });
        const transcript = runCommands(simulated, parseScript(read(`${name}.sim`))).text;
        simulated.sim.settle();
        // The same commands fail (or none does) on both.
        const errors = (t: string) => t.split('\n').filter((l) => /^(error|Error from server)\b/.test(l));
        expect(errors(out)).toEqual(errors(transcript));
        expect(outcome(session.sim.store.all())).toEqual(outcome(simulated.sim.store.all()));
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    });
  }
});
