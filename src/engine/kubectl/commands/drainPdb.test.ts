// kubectl drain against a PodDisruptionBudget: the eviction API's 429, the 5 s retries on the
// simulated clock, --timeout, and a retry that succeeds once a replacement is healthy.

import { describe, expect, it } from 'vitest';
import { newNode } from '../../cluster/nodeFactory';
import { runDef, simWithNodes } from '../../testing/kubectl';
import { createDeploymentCommand } from './createDeployment';
import { createPdbCommand } from './createPdb';
import { drainCommand } from './drain';

const REFUSED = "Cannot evict pod as it would violate the pod's disruption budget.";

function webOn(nodes: string[], replicas: number, minAvailable: number) {
  const sim = simWithNodes(nodes);
  runDef(sim, createDeploymentCommand, `web --image=nginx:1.27 --replicas=${replicas}`);
  sim.settle();
  runDef(sim, createPdbCommand, `web --selector=app=web --min-available=${minAvailable}`);
  sim.settle();
  return sim;
}

describe('kubectl drain with a PodDisruptionBudget', () => {
  it('retries every 5 s of simulated time and gives up at --timeout with kubectl’s words', () => {
    const sim = webOn(['node-1'], 1, 1);
    const pod = sim.store.list('Pod', 'default')[0].metadata.name;
    const start = sim.now();
    const r = runDef(sim, drainCommand, 'node-1 --timeout=12s');
    const evicting = `evicting pod default/${pod}\n`;
    const retry = `error when evicting pods/"${pod}" -n "default" (will retry after 5s): ${REFUSED}\n`;
    const timeout = `error when evicting pods/"${pod}" -n "default": global timeout reached: 12s`;
    // attempts at 0, 5 and 10 s are refused; the one due at 15 s finds the timeout passed
    expect(r.text).toBe(
      'node/node-1 cordoned\n' +
        (evicting + retry).repeat(3) +
        evicting +
        `There are pending pods in node "node-1" when an error occurred: ${timeout}\npod/${pod}\n` +
        `error: unable to drain node "node-1" due to error: ${timeout}, continuing command...\n` +
        `There are pending nodes to be drained:\n node-1\n${timeout}\n`,
    );
    expect(r.exitCode).toBe(1);
    expect(sim.now() - start).toBe(15_000);
    expect(sim.store.get('Pod', 'default', pod)!.metadata.deletionTimestamp).toBeUndefined();
  });

  it('a refused eviction goes through on a later retry once the evicted pod’s replacement is healthy', () => {
    // both replicas on node-1, one disruption allowed; node-2 joins for the replacements
    const sim = webOn(['node-1'], 2, 1);
    sim.store.create(newNode('node-2', { index: 1, now: sim.iso() }));
    sim.settle();
    const [a, b] = sim.store.list('Pod', 'default').map((p) => p.metadata.name);
    const start = sim.now();
    const r = runDef(sim, drainCommand, 'node-1 --timeout=60s');
    expect(r.exitCode).toBe(0);
    const lines = r.text.trimEnd().split('\n');
    // the second pod is refused first (the first took the only disruption), then evicted 5 s later
    expect(lines.slice(0, 4)).toEqual([
      'node/node-1 cordoned',
      `evicting pod default/${a}`,
      `evicting pod default/${b}`,
      `error when evicting pods/"${b}" -n "default" (will retry after 5s): ${REFUSED}`,
    ]);
    expect(lines.filter((l) => l === `evicting pod default/${b}`)).toHaveLength(2);
    expect(lines).toContain(`pod/${a} evicted`);
    expect(lines.slice(-2)).toEqual([`pod/${b} evicted`, 'node/node-1 drained']);
    expect(sim.now() - start).toBeGreaterThanOrEqual(5_000);
    expect(sim.store.list('Pod', 'default').every((p) => p.spec.nodeName === 'node-2')).toBe(true);
  });

  it('without --timeout on a quiet cluster it stops and says why instead of retrying forever', () => {
    const sim = webOn(['node-1'], 1, 1);
    const pod = sim.store.list('Pod', 'default')[0].metadata.name;
    const r = runDef(sim, drainCommand, 'node-1');
    expect(r.exitCode).toBe(1);
    expect(r.stderr).toContain(
      `error when evicting pods/"${pod}" -n "default": the simulated cluster is quiet, nothing will change: kubectl would go on retrying every 5s forever (give drain a --timeout)`,
    );
  });

  it('--disable-eviction deletes, whatever the budget says', () => {
    const sim = webOn(['node-1'], 1, 1);
    const pod = sim.store.list('Pod', 'default')[0].metadata.name;
    const r = runDef(sim, drainCommand, 'node-1 --disable-eviction --timeout=60s');
    expect(r.text).toBe(`node/node-1 cordoned\npod/${pod} deleted\nnode/node-1 drained\n`);
  });
});
