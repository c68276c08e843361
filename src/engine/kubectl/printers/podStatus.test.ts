import { describe, expect, it } from 'vitest';
import type { ContainerStatus, Pod, PodStatus } from '../../api/types';
import { podCells } from './podStatus';

const NOW = Date.parse('2026-01-01T01:00:00Z');

function pod(status: PodStatus, o: { deleting?: boolean; init?: number; containers?: number } = {}): Pod {
  return {
    apiVersion: 'v1',
    kind: 'Pod',
    metadata: {
      name: 'p',
      namespace: 'default',
      uid: 'u',
      resourceVersion: '1',
      creationTimestamp: '2026-01-01T00:00:00Z',
      ...(o.deleting ? { deletionTimestamp: '2026-01-01T01:00:30Z' } : {}),
    },
    spec: {
      containers: Array.from({ length: o.containers ?? 1 }, (_, i) => ({ name: `c${i}`, image: 'x' })),
      ...(o.init ? { initContainers: Array.from({ length: o.init }, (_, i) => ({ name: `i${i}`, image: 'x' })) } : {}),
    },
    status,
  };
}

const cs = (state: ContainerStatus['state'], extra: Partial<ContainerStatus> = {}): ContainerStatus => ({
  name: 'c0',
  image: 'x',
  imageID: '',
  ready: false,
  restartCount: 0,
  state,
  ...extra,
});

describe('podCells (printPod)', () => {
  it.each<[string, Pod, string, string, string]>([
    ['pending, unscheduled', pod({ phase: 'Pending' }), '0/1', 'Pending', '0'],
    ['container creating', pod({ phase: 'Pending', containerStatuses: [cs({ waiting: { reason: 'ContainerCreating' } })] }), '0/1', 'ContainerCreating', '0'],
    ['running and ready', pod({ phase: 'Running', containerStatuses: [cs({ running: {} }, { ready: true })] }), '1/1', 'Running', '0'],
    ['running, not ready', pod({ phase: 'Running', containerStatuses: [cs({ running: {} })] }), '0/1', 'Running', '0'],
    ['image pull backoff', pod({ phase: 'Pending', containerStatuses: [cs({ waiting: { reason: 'ImagePullBackOff' } })] }), '0/1', 'ImagePullBackOff', '0'],
    [
      'crash loop with last termination',
      pod({
        phase: 'Running',
        containerStatuses: [
          cs({ waiting: { reason: 'CrashLoopBackOff' } }, { restartCount: 3, lastState: { terminated: { exitCode: 1, finishedAt: '2026-01-01T00:58:00Z' } } }),
        ],
      }),
      '0/1',
      'CrashLoopBackOff',
      '3 (2m ago)',
    ],
    ['terminated with reason', pod({ phase: 'Failed', containerStatuses: [cs({ terminated: { exitCode: 1, reason: 'Error' } })] }), '0/1', 'Error', '0'],
    ['terminated without reason', pod({ phase: 'Failed', containerStatuses: [cs({ terminated: { exitCode: 137 } })] }), '0/1', 'ExitCode:137', '0'],
    ['completed', pod({ phase: 'Succeeded', containerStatuses: [cs({ terminated: { exitCode: 0, reason: 'Completed' } })] }), '0/1', 'Completed', '0'],
    ['pod reason wins over phase', pod({ phase: 'Failed', reason: 'Evicted' }), '0/1', 'Evicted', '0'],
    ['terminating', pod({ phase: 'Running', containerStatuses: [cs({ running: {} }, { ready: true })] }, { deleting: true }), '1/1', 'Terminating', '0'],
    ['terminating but terminal phase', pod({ phase: 'Succeeded' }, { deleting: true }), '0/1', 'Succeeded', '0'],
    ['node lost', pod({ phase: 'Running', reason: 'NodeLost' }, { deleting: true }), '0/1', 'Unknown', '0'],
    [
      'scheduling gated',
      pod({ phase: 'Pending', conditions: [{ type: 'PodScheduled', status: 'False', reason: 'SchedulingGated' }] }),
      '0/1',
      'SchedulingGated',
      '0',
    ],
    [
      'init container running',
      pod(
        {
          phase: 'Pending',
          initContainerStatuses: [{ ...cs({ running: {} }), name: 'i0' }],
          containerStatuses: [cs({ waiting: { reason: 'PodInitializing' } })],
        } as PodStatus,
        { init: 2 },
      ),
      '0/1',
      'Init:0/2',
      '0',
    ],
    [
      'init container failing',
      pod({ phase: 'Pending', initContainerStatuses: [{ ...cs({ waiting: { reason: 'CrashLoopBackOff' } }), name: 'i0' }] } as PodStatus, {
        init: 1,
      }),
      '0/1',
      'Init:CrashLoopBackOff',
      '0',
    ],
    [
      'completed container while another runs',
      pod(
        {
          phase: 'Running',
          conditions: [{ type: 'Ready', status: 'False' }],
          containerStatuses: [
            cs({ running: {} }, { name: 'c0', ready: true }),
            cs({ terminated: { exitCode: 0, reason: 'Completed' } }, { name: 'c1' }),
          ],
        },
        { containers: 2 },
      ),
      '1/2',
      'NotReady',
      '0',
    ],
  ])('%s', (_name, p, ready, status, restarts) => {
    expect(podCells(p, NOW)).toEqual({ ready, status, restarts });
  });
});
