// Test fixture: pods in every state a kubelet reports when things go wrong (images that do not pull,
// containers that crash or are OOM-killed, probes that fail, init containers that fail) and two
// DaemonSets whose rollouts are stuck on them, with the kubelet's Warning events — written straight
// into the store, status through the status subresource, so the printers are tested on the API
// shapes alone. No work item is run: the clock is moved directly. Times are offsets from `now`.

import type {
  ContainerStatus,
  DaemonSet,
  KObject,
  Pod,
  PodCondition,
  PodSpec,
  PodStatus,
} from '../api/types';
import { newNode } from '../cluster/nodeFactory';
import { Simulation } from '../simulation';

const S = 1000;
const M = 60 * S;

/** Probes as the API server stores them (every default filled in). */
export const LIVENESS = {
  httpGet: { path: '/healthz', port: 8080, scheme: 'HTTP' },
  initialDelaySeconds: 0,
  timeoutSeconds: 1,
  periodSeconds: 10,
  successThreshold: 1,
  failureThreshold: 3,
};
export const READINESS = {
  exec: { command: ['cat', '/tmp/healthy'] },
  initialDelaySeconds: 5,
  timeoutSeconds: 1,
  periodSeconds: 5,
  successThreshold: 1,
  failureThreshold: 3,
};
export const STARTUP = {
  tcpSocket: { port: 8080 },
  initialDelaySeconds: 0,
  timeoutSeconds: 1,
  periodSeconds: 10,
  successThreshold: 1,
  failureThreshold: 30,
};

type Terminated = NonNullable<ContainerStatus['state']['terminated']> & {
  signal?: number;
  containerID?: string;
};

export interface FailingPods {
  sim: Simulation;
  /** the simulated time the fixture describes (its clock) */
  now: number;
}

/**
 * The cluster at `start` + 10 minutes: nodes node-1…3, the bare pods `app-*` (one per STATUS form)
 * and the DaemonSets `agent` (1 of 3 pods updated, the new one crash-looping) and `logger` (all
 * updated, 1 of 3 available).
 */
export function failingPodsCluster(start = Date.parse('2026-01-01T00:00:00Z')): FailingPods {
  const sim = new Simulation({ start });
  for (const [i, name] of ['node-1', 'node-2', 'node-3'].entries())
    sim.store.create(newNode(name, { index: i, now: sim.iso() }));
  const now = start + 10 * M;
  sim.clock.set(now - 4 * M);
  const iso = (ago: number) => sim.clock.iso(now - ago);

  let seq = 0;
  let pods = 0;
  const cid = () => `containerd://${(++seq).toString(16).padStart(64, '0')}`;
  const running = (
    name: string,
    image: string,
    o: Partial<ContainerStatus> & { since?: number } = {},
  ): ContainerStatus => {
    const { since = 3 * M, ...rest } = o;
    return {
      name,
      image,
      imageID: `${image}@sha256:${'ab'.repeat(32)}`,
      containerID: cid(),
      ready: true,
      started: true,
      restartCount: 0,
      state: { running: { startedAt: iso(since) } },
      ...rest,
    };
  };
  const waiting = (
    name: string,
    image: string,
    reason: string,
    message?: string,
    o: Partial<ContainerStatus> = {},
  ): ContainerStatus => ({
    name,
    image,
    imageID: '',
    ready: false,
    started: false,
    restartCount: 0,
    state: { waiting: message === undefined ? { reason } : { reason, message } },
    ...o,
  });
  const exited = (
    t: Omit<Terminated, 'startedAt' | 'finishedAt'>,
    startedAgo: number,
    finishedAgo: number,
  ): Terminated => ({
    ...t,
    startedAt: iso(startedAgo),
    finishedAt: iso(finishedAgo),
    containerID: cid(),
  });
  const terminated = (
    name: string,
    image: string,
    t: Terminated,
    o: Partial<ContainerStatus> = {},
  ): ContainerStatus => ({
    name,
    image,
    imageID: `${image}@sha256:${'cd'.repeat(32)}`,
    containerID: t.containerID,
    ready: false,
    started: false,
    restartCount: 0,
    state: { terminated: t },
    ...o,
  });
  const conditions = (o: { initialized?: boolean; ready?: boolean; reason?: string }): PodCondition[] => {
    const t = iso(4 * M);
    const ready = o.ready ?? false;
    return [
      { type: 'PodReadyToStartContainers', status: 'True', lastProbeTime: null, lastTransitionTime: t },
      {
        type: 'Initialized',
        status: o.initialized === false ? 'False' : 'True',
        lastProbeTime: null,
        lastTransitionTime: t,
        ...(o.initialized === false
          ? { reason: 'ContainersNotInitialized', message: 'containers with incomplete status: [init]' }
          : {}),
      },
      {
        type: 'Ready',
        status: ready ? 'True' : 'False',
        lastProbeTime: null,
        lastTransitionTime: t,
        ...(ready
          ? {}
          : { reason: o.reason ?? 'ContainersNotReady', message: 'containers with unready status: [app]' }),
      },
      {
        type: 'ContainersReady',
        status: ready ? 'True' : 'False',
        lastProbeTime: null,
        lastTransitionTime: t,
        ...(ready
          ? {}
          : { reason: o.reason ?? 'ContainersNotReady', message: 'containers with unready status: [app]' }),
      },
      { type: 'PodScheduled', status: 'True', lastProbeTime: null, lastTransitionTime: t },
    ] as PodCondition[];
  };

  const pod = (
    name: string,
    spec: Partial<PodSpec>,
    status: PodStatus,
    o: { node?: string; owner?: DaemonSet; labels?: Record<string, string> } = {},
  ): Pod => {
    const node = o.node ?? 'node-1';
    const created = sim.store.create<'Pod'>({
      apiVersion: 'v1',
      kind: 'Pod',
      metadata: {
        name,
        namespace: 'default',
        labels: o.labels ?? { run: name },
        ...(o.owner
          ? {
              ownerReferences: [
                {
                  apiVersion: 'apps/v1',
                  kind: 'DaemonSet',
                  name: o.owner.metadata.name,
                  uid: o.owner.metadata.uid,
                  controller: true,
                  blockOwnerDeletion: true,
                },
              ],
            }
          : {}),
      } as KObject['metadata'],
      spec: { containers: [{ name: 'app', image: 'busybox:1.36' }], ...spec, nodeName: node },
    });
    const ip = `10.244.${node.slice(-1)}.${++pods + 10}`;
    const base: PodStatus = {
      hostIP: `10.0.0.${Number(node.slice(-1)) + 1}`,
      podIP: ip,
      podIPs: [{ ip }],
      startTime: iso(4 * M),
      qosClass: 'BestEffort',
    };
    return sim.store.updateStatus({ ...created, status: { ...base, ...status } }) as Pod;
  };

  const app = (o: { image?: string; restartPolicy?: string; probes?: boolean } = {}): Partial<PodSpec> =>
    ({
      ...(o.restartPolicy ? { restartPolicy: o.restartPolicy } : {}),
      containers: [
        {
          name: 'app',
          image: o.image ?? 'busybox:1.36',
          ...(o.probes ? { livenessProbe: LIVENESS, readinessProbe: READINESS, startupProbe: STARTUP } : {}),
        },
      ],
    }) as Partial<PodSpec>;

  // ------------------------------------------------------------------------------- bare pods
  pod('app-completed', app({ restartPolicy: 'Never' }), {
    phase: 'Succeeded',
    conditions: conditions({ reason: 'PodCompleted' }),
    containerStatuses: [
      terminated('app', 'busybox:1.36', exited({ exitCode: 0, reason: 'Completed' }, 4 * M, 3 * M)),
    ],
  });
  const crash = pod('app-crashloop', app({ probes: true }), {
    phase: 'Running',
    conditions: conditions({}),
    containerStatuses: [
      waiting(
        'app',
        'busybox:1.36',
        'CrashLoopBackOff',
        'back-off 1m20s restarting failed container=app pod=app-crashloop_default(UID)',
        {
          imageID: `busybox:1.36@sha256:${'ab'.repeat(32)}`,
          containerID: cid(),
          restartCount: 4,
          lastState: { terminated: exited({ exitCode: 1, reason: 'Error' }, 42 * S, 32 * S) },
        },
      ),
    ],
  });
  pod('app-creating', app(), {
    phase: 'Pending',
    conditions: conditions({}),
    containerStatuses: [waiting('app', 'busybox:1.36', 'ContainerCreating')],
  });
  const errImage = pod('app-errimagepull', app({ image: 'nginx:nope' }), {
    phase: 'Pending',
    conditions: conditions({}),
    containerStatuses: [
      waiting(
        'app',
        'nginx:nope',
        'ErrImagePull',
        'rpc error: code = NotFound desc = failed to pull and unpack image "docker.io/library/nginx:nope": failed to resolve reference "docker.io/library/nginx:nope": docker.io/library/nginx:nope: not found',
      ),
    ],
  });
  pod('app-error', app({ restartPolicy: 'Never' }), {
    phase: 'Failed',
    conditions: conditions({ reason: 'PodFailed' }),
    containerStatuses: [
      terminated(
        'app',
        'busybox:1.36',
        exited({ exitCode: 1, reason: 'Error', message: 'boom' }, 4 * M, 3 * M),
      ),
    ],
  });
  pod('app-exitcode', app({ restartPolicy: 'Never' }), {
    phase: 'Failed',
    conditions: conditions({ reason: 'PodFailed' }),
    containerStatuses: [terminated('app', 'busybox:1.36', exited({ exitCode: 3 }, 4 * M, 3 * M))],
  });
  const backOff = pod('app-imagepullbackoff', app({ image: 'nginx:nope' }), {
    phase: 'Pending',
    conditions: conditions({}),
    containerStatuses: [
      waiting('app', 'nginx:nope', 'ImagePullBackOff', 'Back-off pulling image "nginx:nope"'),
    ],
  });
  const init = (name: string, o: { restartPolicy?: string } = {}) => ({ name, image: 'busybox:1.36', ...o });
  pod(
    'app-init-crash',
    { initContainers: [init('init')] } as Partial<PodSpec>,
    {
      phase: 'Pending',
      conditions: conditions({ initialized: false }),
      initContainerStatuses: [
        waiting(
          'init',
          'busybox:1.36',
          'CrashLoopBackOff',
          'back-off 40s restarting failed container=init pod=app-init-crash_default(UID)',
          {
            restartCount: 3,
            lastState: { terminated: exited({ exitCode: 2, reason: 'Error' }, 70 * S, 69 * S) },
          },
        ),
      ],
      containerStatuses: [waiting('app', 'busybox:1.36', 'PodInitializing')],
    } as PodStatus,
  );
  pod(
    'app-init-error',
    { initContainers: [init('init')], restartPolicy: 'Never' } as Partial<PodSpec>,
    {
      phase: 'Failed',
      conditions: conditions({ initialized: false }),
      initContainerStatuses: [
        terminated('init', 'busybox:1.36', exited({ exitCode: 1, reason: 'Error' }, 4 * M, 3 * M)),
      ],
      containerStatuses: [waiting('app', 'busybox:1.36', 'PodInitializing')],
    } as PodStatus,
  );
  pod(
    'app-init-running',
    { initContainers: [init('init'), init('migrate')] } as Partial<PodSpec>,
    {
      phase: 'Pending',
      conditions: conditions({ initialized: false }),
      initContainerStatuses: [
        terminated('init', 'busybox:1.36', exited({ exitCode: 0, reason: 'Completed' }, 4 * M, 3 * M)),
        running('migrate', 'busybox:1.36', { ready: false }),
      ],
      containerStatuses: [waiting('app', 'busybox:1.36', 'PodInitializing')],
    } as PodStatus,
  );
  pod(
    'app-init-signal',
    { initContainers: [init('init')], restartPolicy: 'Never' } as Partial<PodSpec>,
    {
      phase: 'Failed',
      conditions: conditions({ initialized: false }),
      initContainerStatuses: [
        terminated('init', 'busybox:1.36', exited({ exitCode: 137, signal: 9 }, 4 * M, 3 * M)),
      ],
      containerStatuses: [waiting('app', 'busybox:1.36', 'PodInitializing')],
    } as PodStatus,
  );
  pod(
    'app-neverpull',
    {
      containers: [{ name: 'app', image: 'example.com/app:v1', imagePullPolicy: 'Never' }],
    } as Partial<PodSpec>,
    {
      phase: 'Pending',
      conditions: conditions({}),
      containerStatuses: [
        waiting(
          'app',
          'example.com/app:v1',
          'ErrImageNeverPull',
          'Container image "example.com/app:v1" is not present with pull policy of Never',
        ),
      ],
    },
  );
  pod(
    'app-notready',
    {
      containers: [
        { name: 'app', image: 'busybox:1.36' },
        { name: 'job', image: 'busybox:1.36' },
      ],
    } as Partial<PodSpec>,
    {
      phase: 'Running',
      conditions: conditions({}),
      containerStatuses: [
        running('app', 'busybox:1.36'),
        terminated('job', 'busybox:1.36', exited({ exitCode: 0, reason: 'Completed' }, 3 * M, 2 * M)),
      ],
    },
  );
  pod('app-oom-now', app(), {
    phase: 'Running',
    conditions: conditions({}),
    containerStatuses: [
      terminated('app', 'busybox:1.36', exited({ exitCode: 137, reason: 'OOMKilled' }, 3 * M, 2 * S), {
        restartCount: 2,
        lastState: { terminated: exited({ exitCode: 137, reason: 'OOMKilled' }, 5 * M, 4 * M) },
      }),
    ],
  });
  pod('app-oomkilled', app(), {
    phase: 'Running',
    conditions: conditions({ ready: true }),
    containerStatuses: [
      running('app', 'busybox:1.36', {
        since: 4 * M + 50 * S,
        restartCount: 1,
        lastState: { terminated: exited({ exitCode: 137, reason: 'OOMKilled' }, 6 * M, 5 * M) },
      }),
    ],
  });
  const unready = pod('app-running-unready', app({ probes: true }), {
    phase: 'Running',
    conditions: conditions({}),
    containerStatuses: [running('app', 'busybox:1.36', { ready: false })],
  });
  pod(
    'app-sidecar',
    { initContainers: [init('proxy', { restartPolicy: 'Always' })] } as Partial<PodSpec>,
    {
      phase: 'Running',
      conditions: conditions({ ready: true }),
      initContainerStatuses: [
        running('proxy', 'busybox:1.36', {
          restartCount: 1,
          lastState: { terminated: exited({ exitCode: 1, reason: 'Error' }, 4 * M, 3 * M + 30 * S) },
        }),
      ],
      containerStatuses: [running('app', 'busybox:1.36')],
    } as PodStatus,
  );
  pod('app-signal', app({ restartPolicy: 'Never' }), {
    phase: 'Failed',
    conditions: conditions({ reason: 'PodFailed' }),
    containerStatuses: [
      terminated('app', 'busybox:1.36', exited({ exitCode: 143, signal: 15 }, 4 * M, 3 * M)),
    ],
  });
  pod('app-terminating', app(), {
    phase: 'Running',
    conditions: conditions({ ready: true }),
    containerStatuses: [running('app', 'busybox:1.36')],
  });

  // ------------------------------------------------------------------------------- DaemonSets
  const daemonSet = (name: string, image: string, status: DaemonSet['status']): DaemonSet => {
    const ds = sim.store.create<'DaemonSet'>({
      apiVersion: 'apps/v1',
      kind: 'DaemonSet',
      metadata: { name, namespace: 'default' } as KObject['metadata'],
      spec: {
        selector: { matchLabels: { name } },
        template: {
          metadata: { labels: { name } },
          spec: { containers: [{ name, image, livenessProbe: LIVENESS, readinessProbe: READINESS }] },
        },
      },
    } as unknown as DaemonSet);
    return sim.store.updateStatus({
      ...ds,
      status: { ...status, observedGeneration: ds.metadata.generation },
    }) as DaemonSet;
  };
  const agent = daemonSet('agent', 'example.com/agent:v2', {
    currentNumberScheduled: 3,
    numberMisscheduled: 0,
    desiredNumberScheduled: 3,
    numberReady: 2,
    updatedNumberScheduled: 1,
    numberAvailable: 2,
    numberUnavailable: 1,
  } as DaemonSet['status']);
  const logger = daemonSet('logger', 'example.com/logger:v1', {
    currentNumberScheduled: 3,
    numberMisscheduled: 1,
    desiredNumberScheduled: 3,
    numberReady: 1,
    updatedNumberScheduled: 3,
    numberAvailable: 1,
    numberUnavailable: 2,
  } as DaemonSet['status']);
  const dsPod = (ds: DaemonSet, node: string, hash: string) => ({
    node,
    owner: ds,
    labels: { name: ds.metadata.name, 'controller-revision-hash': hash, 'pod-template-generation': '1' },
  });
  const agentSpec = (image: string) =>
    ({
      containers: [{ name: 'agent', image, livenessProbe: LIVENESS, readinessProbe: READINESS }],
    }) as Partial<PodSpec>;
  pod(
    'agent-4xk2p',
    agentSpec('example.com/agent:v1'),
    {
      phase: 'Running',
      conditions: conditions({ ready: true }),
      containerStatuses: [running('agent', 'example.com/agent:v1')],
    },
    dsPod(agent, 'node-1', '6b9c7d5f4'),
  );
  const agentCrash = pod(
    'agent-9q7wz',
    agentSpec('example.com/agent:v2'),
    {
      phase: 'Running',
      conditions: conditions({}),
      containerStatuses: [
        running('agent', 'example.com/agent:v2', {
          ready: false,
          started: false,
          since: 5 * S,
          restartCount: 2,
          lastState: { terminated: exited({ exitCode: 137, reason: 'Error' }, 70 * S, 40 * S) },
        }),
      ],
    },
    dsPod(agent, 'node-2', '5d8f6c7b9'),
  );
  pod(
    'agent-tm5sd',
    agentSpec('example.com/agent:v1'),
    {
      phase: 'Running',
      conditions: conditions({ ready: true }),
      containerStatuses: [running('agent', 'example.com/agent:v1')],
    },
    dsPod(agent, 'node-3', '6b9c7d5f4'),
  );
  const loggerSpec = {
    containers: [
      { name: 'logger', image: 'example.com/logger:v1', livenessProbe: LIVENESS, readinessProbe: READINESS },
    ],
  } as Partial<PodSpec>;
  pod(
    'logger-2fz8m',
    loggerSpec,
    {
      phase: 'Running',
      conditions: conditions({ ready: true }),
      containerStatuses: [running('logger', 'example.com/logger:v1')],
    },
    dsPod(logger, 'node-1', '7f9d8b6c5'),
  );
  pod(
    'logger-8hv4n',
    loggerSpec,
    {
      phase: 'Pending',
      conditions: conditions({}),
      containerStatuses: [
        waiting(
          'logger',
          'example.com/logger:v1',
          'ImagePullBackOff',
          'Back-off pulling image "example.com/logger:v1"',
        ),
      ],
    },
    dsPod(logger, 'node-2', '7f9d8b6c5'),
  );
  pod(
    'logger-kq3rx',
    loggerSpec,
    {
      phase: 'Failed',
      conditions: conditions({ reason: 'PodFailed' }),
      containerStatuses: [
        terminated('logger', 'example.com/logger:v1', exited({ exitCode: 1, reason: 'Error' }, 3 * M, 2 * M)),
      ],
    },
    dsPod(logger, 'node-3', '7f9d8b6c5'),
  );
  pod(
    'logger-x7p2d',
    loggerSpec,
    {
      phase: 'Pending',
      conditions: conditions({}),
      containerStatuses: [waiting('logger', 'example.com/logger:v1', 'ContainerCreating')],
    },
    dsPod(logger, 'node-3', '7f9d8b6c5'),
  );

  // ------------------------------------------------------------------------------- events
  let eventSeq = 0;
  const event = (
    about: KObject,
    type: 'Normal' | 'Warning',
    reason: string,
    message: string,
    o: { count?: number; first: number; last?: number; container?: string; component?: string },
  ) => {
    const component = o.component ?? 'kubelet';
    sim.store.create({
      apiVersion: 'v1',
      kind: 'Event',
      metadata: {
        name: `${about.metadata.name}.18a${(++eventSeq).toString(16).padStart(13, '0')}`,
        namespace: 'default',
      },
      involvedObject: {
        kind: about.kind,
        namespace: 'default',
        name: about.metadata.name,
        uid: about.metadata.uid,
        apiVersion: about.apiVersion,
        ...(o.container ? { fieldPath: `spec.containers{${o.container}}` } : {}),
      },
      reason,
      message,
      source: component === 'kubelet' ? { component, host: 'node-1' } : { component },
      firstTimestamp: iso(o.first),
      lastTimestamp: iso(o.last ?? o.first),
      count: o.count ?? 1,
      type,
      reportingComponent: component,
    } as unknown as KObject);
  };
  const uid = crash.metadata.uid;
  event(crash, 'Normal', 'Scheduled', `Successfully assigned default/app-crashloop to node-1`, {
    first: 4 * M,
    component: 'default-scheduler',
  });
  event(crash, 'Normal', 'Pulled', 'Container image "busybox:1.36" already present on machine', {
    first: 4 * M - S,
    last: 42 * S,
    count: 5,
    container: 'app',
  });
  event(crash, 'Normal', 'Created', 'Created container: app', {
    first: 4 * M - 2 * S,
    last: 42 * S - S,
    count: 5,
    container: 'app',
  });
  event(crash, 'Normal', 'Started', 'Started container app', {
    first: 4 * M - 3 * S,
    last: 42 * S - 2 * S,
    count: 5,
    container: 'app',
  });
  event(
    crash,
    'Warning',
    'BackOff',
    `Back-off restarting failed container app in pod app-crashloop_default(${uid})`,
    { first: 3 * M + 40 * S, last: 7 * S, count: 17, container: 'app' },
  );
  event(backOff, 'Normal', 'Pulling', 'Pulling image "nginx:nope"', {
    first: 4 * M,
    last: 95 * S,
    count: 4,
    container: 'app',
  });
  const notFound =
    'Failed to pull image "nginx:nope": rpc error: code = NotFound desc = failed to pull and unpack image "docker.io/library/nginx:nope": failed to resolve reference "docker.io/library/nginx:nope": docker.io/library/nginx:nope: not found';
  event(backOff, 'Warning', 'Failed', notFound, {
    first: 4 * M - S,
    last: 94 * S,
    count: 4,
    container: 'app',
  });
  event(backOff, 'Warning', 'Failed', 'Error: ErrImagePull', {
    first: 4 * M - 2 * S,
    last: 93 * S,
    count: 4,
    container: 'app',
  });
  event(backOff, 'Normal', 'BackOff', 'Back-off pulling image "nginx:nope"', {
    first: 4 * M - 3 * S,
    last: 12 * S,
    count: 14,
    container: 'app',
  });
  event(backOff, 'Warning', 'Failed', 'Error: ImagePullBackOff', {
    first: 4 * M - 4 * S,
    last: 11 * S,
    count: 14,
    container: 'app',
  });
  event(errImage, 'Warning', 'Failed', notFound, { first: 3 * S, container: 'app' });
  event(
    unready,
    'Warning',
    'Unhealthy',
    "Readiness probe failed: cat: can't open '/tmp/healthy': No such file or directory",
    { first: 3 * M + 50 * S, last: 4 * S, count: 46, container: 'app' },
  );
  event(
    agentCrash,
    'Warning',
    'Unhealthy',
    'Liveness probe failed: Get "http://10.244.2.17:8080/healthz": dial tcp 10.244.2.17:8080: connect: connection refused',
    { first: 100 * S, last: 50 * S, count: 6, container: 'agent' },
  );
  event(agentCrash, 'Normal', 'Killing', 'Container agent failed liveness probe, will be restarted', {
    first: 90 * S,
    last: 45 * S,
    count: 2,
    container: 'agent',
  });
  event(agent, 'Normal', 'SuccessfulDelete', 'Deleted pod: agent-xx8fz', {
    first: 2 * M,
    component: 'daemonset-controller',
  });
  event(agent, 'Normal', 'SuccessfulCreate', 'Created pod: agent-9q7wz', {
    first: 2 * M - S,
    component: 'daemonset-controller',
  });

  sim.clock.set(now - 30 * S);
  sim.store.delete('Pod', 'default', 'app-terminating', { gracePeriodSeconds: 60 });
  sim.clock.set(now);
  return { sim, now };
}
