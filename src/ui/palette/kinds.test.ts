import { describe, expect, it } from 'vitest';
import { addCommand, uniqueName } from './kinds';
import { Session } from '../../engine';
import { run } from '../graph/testing/testCluster';

describe('palette kinds', () => {
  it('builds the sim node add command of each kind', () => {
    expect(addCommand('worker', 'node-2')).toBe('sim node add node-2');
    expect(addCommand('control-plane', 'control-plane-1')).toBe(
      'sim node add control-plane-1 --label node-role.kubernetes.io/control-plane= --taint node-role.kubernetes.io/control-plane:NoSchedule',
    );
    expect(addCommand('gpu', 'gpu-1')).toBe(
      'sim node add gpu-1 --label nvidia.com/gpu.present=true --taint nvidia.com/gpu=present:NoSchedule',
    );
    expect(addCommand('no-network', 'no-net-1')).toBe('sim node add no-net-1 --no-network');
    expect(
      addCommand('custom', 'edge a', {
        labels: [{ key: 'zone', value: 'a b' }],
        taints: [{ key: 'k', value: 'v', effect: 'NoExecute' }],
      }),
    ).toBe("sim node add 'edge a' --label 'zone=a b' --taint k=v:NoExecute");
  });

  it('each command is accepted by the engine and makes the node it says', () => {
    const s = new Session({ seed: 1, preset: 'article' });
    run(s, addCommand('control-plane', 'cp-1'));
    run(s, addCommand('gpu', 'gpu-1'));
    run(s, addCommand('no-network', 'nn-1'));
    run(s, 'sim settle');
    const cp = s.sim.store.get('Node', undefined, 'cp-1')!;
    expect(cp.metadata.labels!['node-role.kubernetes.io/control-plane']).toBe('');
    expect(cp.spec.taints).toEqual([{ key: 'node-role.kubernetes.io/control-plane', effect: 'NoSchedule' }]);
    expect(s.sim.store.get('Node', undefined, 'gpu-1')!.spec.taints).toEqual([
      { key: 'nvidia.com/gpu', value: 'present', effect: 'NoSchedule' },
    ]);
    const nn = s.sim.store.get('Node', undefined, 'nn-1')!;
    expect(nn.status.conditions!.find((c) => c.type === 'NetworkUnavailable')!.status).toBe('True');
  });

  it('picks the first free name, following the cluster naming', () => {
    expect(uniqueName('node', ['master', 'node-1'])).toBe('node-2');
    expect(uniqueName('node', ['control-plane', 'worker-1', 'worker-2'])).toBe('worker-3');
    expect(uniqueName('gpu', ['gpu-1', 'gpu-3'])).toBe('gpu-2');
    expect(uniqueName('node', [])).toBe('node-1');
  });
});
