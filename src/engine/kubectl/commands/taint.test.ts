import { describe, expect, it } from 'vitest';
import { Simulation } from '../../simulation';
import { newNode } from '../../cluster/nodeFactory';
import type { Taint } from '../../api/types';
import { runDef } from '../../testing/kubectl';
import { taintCommand, reorganizeTaints } from './taint';
import { cordonCommand, uncordonCommand } from './cordon';

function sim(taints: Taint[] = []) {
  const s = new Simulation();
  s.store.create(newNode('node-1', { index: 0, now: s.iso(), taints }));
  s.store.create(newNode('node-2', { index: 1, now: s.iso(), labels: { gpu: 'true' } }));
  return s;
}
const taintsOf = (s: Simulation, n = 'node-1') => s.store.get('Node', undefined, n)!.spec.taints;

describe('kubectl taint', () => {
  it('adds taints in front of the existing ones', () => {
    const s = sim([{ key: 'old', effect: 'NoSchedule' }]);
    expect(runDef(s, taintCommand, 'nodes node-1 dedicated=gpu:NoSchedule b:NoExecute').stdout).toBe(
      'node/node-1 tainted\n',
    );
    expect(taintsOf(s)).toEqual([
      { key: 'dedicated', value: 'gpu', effect: 'NoSchedule' },
      { key: 'b', effect: 'NoExecute' },
      { key: 'old', effect: 'NoSchedule' },
    ]);
  });

  it.each([
    ['k=v:NoSchedule-', []],
    ['k:NoSchedule-', []],
    ['k-', [{ key: 'other', effect: 'NoSchedule' }]],
  ])('removes with %s', (spec, rest) => {
    const s = sim([
      { key: 'k', value: 'v', effect: 'NoSchedule' },
      { key: 'k', effect: 'NoExecute' },
      { key: 'other', effect: 'NoSchedule' },
    ]);
    expect(runDef(s, taintCommand, `node node-1 ${spec}`).stdout).toBe('node/node-1 untainted\n');
    if (spec === 'k-') expect(taintsOf(s)).toEqual(rest);
    else
      expect(taintsOf(s)).toEqual([
        { key: 'k', effect: 'NoExecute' },
        { key: 'other', effect: 'NoSchedule' },
      ]);
  });

  it('refuses to overwrite without --overwrite and modifies with it', () => {
    const s = sim([{ key: 'k', value: 'a', effect: 'NoSchedule' }]);
    const r = runDef(s, taintCommand, 'nodes node-1 k=b:NoSchedule');
    expect(r).toMatchObject({
      stderr: 'error: node node-1 already has k taint(s) with same effect(s) and --overwrite is false\n',
      exitCode: 1,
    });
    expect(runDef(s, taintCommand, 'nodes node-1 k=b:NoSchedule --overwrite').stdout).toBe(
      'node/node-1 modified\n',
    );
    expect(taintsOf(s)).toEqual([{ key: 'k', value: 'b', effect: 'NoSchedule' }]);
  });

  it('says modified when one command adds and removes', () => {
    const s = sim([{ key: 'a', effect: 'NoSchedule' }]);
    expect(runDef(s, taintCommand, 'node/node-1 b:NoSchedule a-').stdout).toBe('node/node-1 modified\n');
    expect(taintsOf(s)).toEqual([{ key: 'b', effect: 'NoSchedule' }]);
  });

  it.each([
    ['nodes node-1 k:NoSchedule-', 'error: taint "k:NoSchedule" not found\n'],
    ['nodes node-1 k-', 'error: taint "k" not found\n'],
    [
      'nodes node-1 k=v:Bogus',
      "error: invalid taint effect: Bogus, unsupported taint effect\nSee 'kubectl taint -h' for help and examples\n",
    ],
    [
      'nodes node-1 k=v',
      "error: invalid taint spec: k=v, name part must consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyName',  or 'my.name',  or '123-abc', regex used for validation is '([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]')\nSee 'kubectl taint -h' for help and examples\n",
    ],
    ['nodes node-1', 'error: at least one taint update is required\n'],
    [
      'nodes node-1 a:NoSchedule a:NoSchedule-',
      'error: can not both modify and remove the following taint(s) in the same command: {"a":"NoSchedule"}\n',
    ],
    ['pods p a:NoSchedule', 'error: invalid resource type pods, only node types are supported\n'],
    ['nodes nope a:NoSchedule', 'Error from server (NotFound): nodes "nope" not found\n'],
  ])('kubectl taint %s', (args, stderr) => {
    const r = runDef(sim(), taintCommand, args);
    expect(r.stderr).toBe(stderr);
    expect(r.exitCode).toBe(1);
  });

  it('selects nodes with -l and --all', () => {
    const s = sim();
    expect(runDef(s, taintCommand, 'nodes -l gpu=true g:NoSchedule').stdout).toBe('node/node-2 tainted\n');
    expect(runDef(s, taintCommand, 'nodes --all z:PreferNoSchedule').stdout).toBe(
      'node/node-1 tainted\nnode/node-2 tainted\n',
    );
  });

  it('reorganizeTaints is table-driven like upstream', () => {
    const old: Taint[] = [
      { key: 'a', effect: 'NoSchedule' },
      { key: 'b', effect: 'NoExecute' },
    ];
    expect(reorganizeTaints(old, false, [{ key: 'c', effect: 'NoSchedule' }], [])).toMatchObject({
      operation: 'tainted',
    });
    expect(reorganizeTaints(old, false, [], [{ key: 'a' }])).toMatchObject({
      operation: 'untainted',
      taints: [old[1]],
    });
    expect(reorganizeTaints(old, true, [{ key: 'a', value: 'x', effect: 'NoSchedule' }], [])).toMatchObject({
      operation: 'modified',
      taints: [{ key: 'a', value: 'x', effect: 'NoSchedule' }, old[1]],
    });
  });
});

describe('kubectl cordon / uncordon', () => {
  it('toggles spec.unschedulable and says when nothing changes', () => {
    const s = sim();
    expect(runDef(s, cordonCommand, 'node-1').stdout).toBe('node/node-1 cordoned\n');
    expect(s.store.get('Node', undefined, 'node-1')!.spec.unschedulable).toBe(true);
    expect(runDef(s, cordonCommand, 'node-1').stdout).toBe('node/node-1 already cordoned\n');
    expect(runDef(s, uncordonCommand, 'node-1 node-2').stdout).toBe(
      'node/node-1 uncordoned\nnode/node-2 already uncordoned\n',
    );
    expect(s.store.get('Node', undefined, 'node-1')!.spec.unschedulable).toBeUndefined();
  });

  it('errors', () => {
    expect(runDef(sim(), cordonCommand, 'nope').stderr).toBe(
      'Error from server (NotFound): nodes "nope" not found\n',
    );
    expect(runDef(sim(), cordonCommand, '').stderr).toBe(
      "error: USAGE: cordon NODE [flags]\nSee 'kubectl cordon -h' for help and examples\n",
    );
    expect(runDef(sim(), cordonCommand, '-l gpu=true').stdout).toBe('node/node-2 cordoned\n');
  });
});
