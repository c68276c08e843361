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
      ...(o.init
        ? { initContainers: Array.from({ length: o.init }, (_, i) => ({ name: `i${i}`, image: 'x' })) }
        : {}),
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
    [
      'container creating',
      pod({ phase: 'Pending', containerStatuses: [cs({ waiting: { reason: 'ContainerCreating' } })] }),
      '0/1',
      'ContainerCreating',
      '0',
    ],
    [
      'running and ready',
      pod({ phase: 'Running', containerStatuses: [cs({ running: {} }, { ready: true })] }),
      '1/1',
      'Running',
      '0',
    ],
    [
      'running, not ready',
      pod({ phase: 'Running', containerStatuses: [cs({ running: {} })] }),
      '0/1',
      'Running',
      '0',
    ],
    [
      'image pull backoff',
      pod({ phase: 'Pending', containerStatuses: [cs({ waiting: { reason: 'ImagePullBackOff' } })] }),
      '0/1',
      'ImagePullBackOff',
      '0',
    ],
    [
      'crash loop with last termination',
      pod({
        phase: 'Running',
        containerStatuses: [
          cs(
            { waiting: { reason: 'CrashLoopBackOff' } },
            {
              restartCount: 3,
              lastState: { terminated: { exitCode: 1, finishedAt: '2026-01-01T00:58:00Z' } },
            },
          ),
        ],
      }),
      '0/1',
      'CrashLoopBackOff',
      '3 (2m ago)',
    ],
    [
      'terminated with reason',
      pod({ phase: 'Failed', containerStatuses: [cs({ terminated: { exitCode: 1, reason: 'Error' } })] }),
      '0/1',
      'Error',
      '0',
    ],
    [
      'terminated without reason',
      pod({ phase: 'Failed', containerStatuses: [cs({ terminated: { exitCode: 137 } })] }),
      '0/1',
      'ExitCode:137',
      '0',
    ],
    [
      'completed',
      pod({
        phase: 'Succeeded',
        containerStatuses: [cs({ terminated: { exitCode: 0, reason: 'Completed' } })],
      }),
      '0/1',
      'Completed',
      '0',
    ],
    ['pod reason wins over phase', pod({ phase: 'Failed', reason: 'Evicted' }), '0/1', 'Evicted', '0'],
    [
      'terminating',
      pod(
        { phase: 'Running', containerStatuses: [cs({ running: {} }, { ready: true })] },
        { deleting: true },
      ),
      '1/1',
      'Terminating',
      '0',
    ],
    [
      'terminating but terminal phase',
      pod({ phase: 'Succeeded' }, { deleting: true }),
      '0/1',
      'Succeeded',
      '0',
    ],
    ['node lost', pod({ phase: 'Running', reason: 'NodeLost' }, { deleting: true }), '0/1', 'Unknown', '0'],
    [
      'scheduling gated',
      pod({
        phase: 'Pending',
        conditions: [{ type: 'PodScheduled', status: 'False', reason: 'SchedulingGated' }],
      }),
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
      pod(
        {
          phase: 'Pending',
          initContainerStatuses: [{ ...cs({ waiting: { reason: 'CrashLoopBackOff' } }), name: 'i0' }],
        } as PodStatus,
        {
          init: 1,
        },
      ),
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
    [
      'image pull error',
      pod({
        phase: 'Pending',
        containerStatuses: [cs({ waiting: { reason: 'ErrImagePull', message: 'not found' } })],
      }),
      '0/1',
      'ErrImagePull',
      '0',
    ],
    [
      'image never pulled',
      pod({ phase: 'Pending', containerStatuses: [cs({ waiting: { reason: 'ErrImageNeverPull' } })] }),
      '0/1',
      'ErrImageNeverPull',
      '0',
    ],
    [
      'OOM-killed now',
      pod({
        phase: 'Running',
        containerStatuses: [cs({ terminated: { exitCode: 137, reason: 'OOMKilled' } })],
      }),
      '0/1',
      'OOMKilled',
      '0',
    ],
    [
      'killed by a signal, no reason',
      pod({
        phase: 'Failed',
        containerStatuses: [cs({ terminated: { exitCode: 143, signal: 15 } as never })],
      }),
      '0/1',
      'Signal:15',
      '0',
    ],
    [
      'running again after a restart: the age of the last termination',
      pod({
        phase: 'Running',
        containerStatuses: [
          cs(
            { running: {} },
            {
              ready: true,
              restartCount: 1,
              lastState: {
                terminated: { exitCode: 137, reason: 'OOMKilled', finishedAt: '2026-01-01T00:59:28Z' },
              },
            },
          ),
        ],
      }),
      '1/1',
      'Running',
      '1 (32s ago)',
    ],
    [
      'restarts without a last termination time: the count alone',
      pod({ phase: 'Running', containerStatuses: [cs({ running: {} }, { ready: true, restartCount: 2 })] }),
      '1/1',
      'Running',
      '2',
    ],
    [
      'several containers: restarts add up, the latest termination gives the age',
      pod(
        {
          phase: 'Running',
          containerStatuses: [
            cs(
              { running: {} },
              {
                name: 'c0',
                ready: true,
                restartCount: 1,
                lastState: { terminated: { exitCode: 1, finishedAt: '2026-01-01T00:50:00Z' } },
              },
            ),
            cs(
              { waiting: { reason: 'CrashLoopBackOff' } },
              {
                name: 'c1',
                restartCount: 5,
                lastState: { terminated: { exitCode: 1, finishedAt: '2026-01-01T00:59:00Z' } },
              },
            ),
          ],
        },
        { containers: 2 },
      ),
      '1/2',
      'CrashLoopBackOff',
      '6 (60s ago)',
    ],
    [
      'init container killed by a signal',
      pod(
        {
          phase: 'Failed',
          initContainerStatuses: [
            { ...cs({ terminated: { exitCode: 137, signal: 9 } as never }), name: 'i0' },
          ],
        } as PodStatus,
        { init: 1 },
      ),
      '0/1',
      'Init:Signal:9',
      '0',
    ],
    [
      'init container exit code',
      pod(
        {
          phase: 'Failed',
          initContainerStatuses: [{ ...cs({ terminated: { exitCode: 3 } }), name: 'i0' }],
        } as PodStatus,
        { init: 1 },
      ),
      '0/1',
      'Init:ExitCode:3',
      '0',
    ],
    [
      'init container error',
      pod(
        {
          phase: 'Failed',
          initContainerStatuses: [{ ...cs({ terminated: { exitCode: 1, reason: 'Error' } }), name: 'i0' }],
        } as PodStatus,
        { init: 1 },
      ),
      '0/1',
      'Init:Error',
      '0',
    ],
    [
      'init container restarts count while initializing, with their age',
      pod(
        {
          phase: 'Pending',
          initContainerStatuses: [
            {
              ...cs(
                { waiting: { reason: 'CrashLoopBackOff' } },
                {
                  restartCount: 3,
                  lastState: { terminated: { exitCode: 1, finishedAt: '2026-01-01T00:59:50Z' } },
                },
              ),
              name: 'i0',
            },
          ],
        } as PodStatus,
        { init: 1 },
      ),
      '0/1',
      'Init:CrashLoopBackOff',
      '3 (10s ago)',
    ],
    [
      'completed container while another runs, pod Ready',
      pod(
        {
          phase: 'Running',
          conditions: [{ type: 'Ready', status: 'True' }],
          containerStatuses: [
            cs({ running: {} }, { name: 'c0', ready: true }),
            cs({ terminated: { exitCode: 0, reason: 'Completed' } }, { name: 'c1' }),
          ],
        },
        { containers: 2 },
      ),
      '1/2',
      'Running',
      '0',
    ],
  ])('%s', (_name, p, ready, status, restarts) => {
    expect(podCells(p, NOW)).toEqual({ ready, status, restarts });
  });
});

describe('podCells with a restartable init container (a sidecar)', () => {
  it('counts it in READY and its restarts in RESTARTS once the pod is initialized', () => {
    const p = pod(
      {
        phase: 'Running',
        conditions: [{ type: 'Initialized', status: 'True' }],
        initContainerStatuses: [
          {
            ...cs(
              { running: {} },
              {
                ready: true,
                started: true,
                restartCount: 2,
                lastState: { terminated: { exitCode: 1, finishedAt: '2026-01-01T00:58:00Z' } },
              },
            ),
            name: 'i0',
          },
        ],
        containerStatuses: [cs({ running: {} }, { ready: true })],
      } as PodStatus,
      { init: 1 },
    );
    (p.spec.initContainers![0] as { restartPolicy?: string }).restartPolicy = 'Always';
    expect(podCells(p, NOW)).toEqual({ ready: '2/2', status: 'Running', restarts: '2 (2m ago)' });
  });
});
