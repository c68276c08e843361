// The kubelet's status builders (podStatus.ts) against the simple ones they replaced (kept below
// as they were): on random pods — random statuses with conditions in any order and shape, extra
// fields, frozen or not, lifecycles at shared and distinct instants — they give the same bytes
// (keys in the same order, undefined-valued keys too) once the status is laid out as every pod
// status is (api/podStatusFields.ts: PodStatus's fields first, in order, an absent one undefined),
// and what they freeze is frozen all the way down.

import { describe, expect, it } from 'vitest';
import { deepFreeze } from '../api/objects';
import type { Container, ContainerStatus, Pod, PodCondition, PodStatus } from '../api/types';
import { Random } from '../random';
import { nextPodCondition } from '../api/podCondition';
import { normalizeImage } from '../registry/reference';
import { imageID } from './images';
import * as fast from './podStatus';
import { POD_STATUS_FIELDS } from '../api/podStatusFields';

// ---- the simple builders (podStatus.ts before the frozen, shared builders) ----

const CONDITION_ORDER = [
  'PodReadyToStartContainers',
  'Initialized',
  'Ready',
  'ContainersReady',
  'PodScheduled',
];

function rank(c: PodCondition): number {
  const i = CONDITION_ORDER.indexOf(c.type);
  return i < 0 ? CONDITION_ORDER.length : i;
}

/** The conditions in the kubelet's order (a stable sort by rank; Array.prototype.sort is stable). */
function orderConditions(list: PodCondition[]): PodCondition[] {
  let sorted = true;
  for (let i = 1; i < list.length && sorted; i++) sorted = rank(list[i - 1]) <= rank(list[i]);
  return sorted ? list : list.sort((a, b) => rank(a) - rank(b));
}

function withConditions(
  status: PodStatus,
  now: string,
  conds: Omit<PodCondition, 'lastTransitionTime' | 'lastProbeTime'>[],
): PodCondition[] {
  // setPodCondition for each, on one copy of the list.
  const list = status.conditions ? status.conditions.slice() : [];
  for (const c of conds) {
    const i = list.findIndex((x) => x.type === c.type);
    if (i >= 0) list[i] = nextPodCondition(list[i], c, now);
    else list.push(nextPodCondition(undefined, c, now));
  }
  return orderConditions(list);
}

/** PodStatus fields in the API's (Go struct) order, so `-o yaml` reads like the real thing. */
const STATUS_ORDER = [
  'phase',
  'conditions',
  'message',
  'reason',
  'nominatedNodeName',
  'hostIP',
  'hostIPs',
  'podIP',
  'podIPs',
  'startTime',
  'initContainerStatuses',
  'containerStatuses',
  'qosClass',
];

const IN_ORDER = new Set(STATUS_ORDER);

function ordered(s: PodStatus): PodStatus {
  const src = s as Record<string, unknown>;
  const out: Record<string, unknown> = {};
  for (const k of STATUS_ORDER) if (src[k] !== undefined) out[k] = src[k];
  for (const k in src)
    if (!IN_ORDER.has(k) && Object.prototype.hasOwnProperty.call(src, k) && src[k] !== undefined)
      out[k] = src[k];
  return out as PodStatus;
}

/** per (frozen, template-shared) containers list: the message and the waiting statuses, made once */
const unreadyMessages = new WeakMap<readonly Container[], string>();

function unreadyMessage(pod: Pod): string {
  const cs = pod.spec.containers;
  let m = unreadyMessages.get(cs);
  if (m === undefined) {
    m = `containers with unready status: [${cs.map((c) => c.name).join(' ')}]`;
    if (Object.isFrozen(cs)) unreadyMessages.set(cs, m);
  }
  return m;
}

function notReadyConds(pod: Pod) {
  const message = unreadyMessage(pod);
  return [
    { type: 'Ready', status: 'False' as const, reason: 'ContainersNotReady', message },
    { type: 'ContainersReady', status: 'False' as const, reason: 'ContainersNotReady', message },
  ];
}

const { waiting, containerID } = fast; // unchanged: shared with the code under test

function pendingStatus(pod: Pod, hostIP: string, now: string, sandboxReady: boolean): PodStatus {
  const s: PodStatus = { ...pod.status };
  return ordered({
    ...s,
    phase: 'Pending',
    conditions: withConditions(s, now, [
      { type: 'PodReadyToStartContainers', status: sandboxReady ? 'True' : 'False' },
      { type: 'Initialized', status: 'True' },
      ...notReadyConds(pod),
    ]),
    hostIP,
    hostIPs: [{ ip: hostIP }],
    startTime: s.startTime ?? now,
    containerStatuses: waiting(pod),
  } as PodStatus);
}

/** Every container started: Running with a pod IP, not ready yet. */
function runningStatus(pod: Pod, podIP: string, now: string, startedAt: Record<string, string>): PodStatus {
  const s: PodStatus = { ...pod.status };
  return ordered({
    ...s,
    phase: 'Running',
    conditions: withConditions(s, now, [
      { type: 'PodReadyToStartContainers', status: 'True' },
      ...notReadyConds(pod),
    ]),
    podIP,
    podIPs: [{ ip: podIP }],
    containerStatuses: pod.spec.containers.map((c) => ({
      name: c.name,
      image: normalizeImage(c.image ?? ''),
      imageID: imageID(c.image ?? ''),
      containerID: containerID(pod, c.name),
      ready: false,
      restartCount: 0,
      started: true,
      state: { running: { startedAt: startedAt[c.name] ?? now } },
      lastState: {},
    })),
  });
}

/** Readiness reported: Ready and ContainersReady True. */
function readyStatus(pod: Pod, now: string): PodStatus {
  const s: PodStatus = { ...pod.status };
  return {
    ...s,
    conditions: withConditions(s, now, [
      { type: 'Ready', status: 'True' },
      { type: 'ContainersReady', status: 'True' },
    ]),
    containerStatuses: (s.containerStatuses ?? []).map((c) => ({ ...c, ready: true })),
  };
}

/** Ready False (the pod is stopping, or its node stopped reporting). */
function notReadyStatus(pod: Pod, now: string): PodStatus {
  const s: PodStatus = { ...pod.status };
  return {
    ...s,
    conditions: withConditions(s, now, notReadyConds(pod)),
    containerStatuses: (s.containerStatuses ?? []).map((c) => ({ ...c, ready: false })),
  };
}

/** The containers exited with an error: phase Failed. */
function failedStatus(pod: Pod, now: string): PodStatus {
  const s: PodStatus = { ...pod.status };
  return ordered({
    ...s,
    phase: 'Failed',
    conditions: withConditions(s, now, [
      { type: 'PodReadyToStartContainers', status: 'False' },
      ...notReadyConds(pod),
    ]),
    containerStatuses: pod.spec.containers.map((c) => {
      const prev = s.containerStatuses?.find((x) => x.name === c.name);
      const startedAt = prev?.state.running?.startedAt ?? now;
      return {
        name: c.name,
        image: prev?.image ?? c.image ?? '',
        imageID: prev?.imageID ?? '',
        ...(prev?.containerID ? { containerID: prev.containerID } : {}),
        ready: false,
        restartCount: prev?.restartCount ?? 0,
        started: false,
        state: { terminated: { exitCode: 1, reason: 'Error', startedAt, finishedAt: now } },
        lastState: {},
      };
    }),
  });
}

/** Adds (or refreshes) a condition on a status, e.g. DisruptionTarget before an eviction. */
function withCondition(
  pod: Pod,
  cond: Omit<PodCondition, 'lastTransitionTime' | 'lastProbeTime'>,
  now: string,
): PodStatus {
  const s: PodStatus = { ...pod.status };
  return { ...s, conditions: withConditions(s, now, [cond]) };
}

const simple = {
  pendingStatus,
  runningStatus,
  readyStatus,
  notReadyStatus,
  failedStatus,
  withCondition,
  unreadyMessage,
};

// ---- random inputs ----

function pick<T>(r: Random, xs: readonly T[]): T {
  return xs[r.int(xs.length)];
}

function shuffle<T>(r: Random, xs: T[]): T[] {
  for (let i = xs.length - 1; i > 0; i--) {
    const j = r.int(i + 1);
    [xs[i], xs[j]] = [xs[j], xs[i]];
  }
  return xs;
}

const TIMES = ['2026-01-01T00:00:00Z', '2026-01-01T00:00:01Z', '2026-01-01T00:00:02Z'];
const TYPES = [
  'PodReadyToStartContainers',
  'Initialized',
  'Ready',
  'ContainersReady',
  'PodScheduled',
  'DisruptionTarget',
  'Custom',
];
const STATUSES = ['True', 'False', 'Unknown'] as const;

function randomCondition(r: Random, type: string): PodCondition {
  const fields: [string, unknown][] = [
    ['type', type],
    ['status', pick(r, STATUSES)],
  ];
  if (r.int(4)) fields.push(['lastProbeTime', r.int(5) ? null : pick(r, TIMES)]);
  if (r.int(4)) fields.push(['lastTransitionTime', r.int(6) ? pick(r, TIMES) : '']);
  if (r.int(2)) fields.push(['reason', pick(r, ['ContainersNotReady', '', 'Other'])]);
  if (r.int(2))
    fields.push([
      'message',
      pick(r, ['containers with unready status: [a]', 'containers with unready status: [a b]', '']),
    ]);
  if (!r.int(8)) fields.push(['reason', undefined]);
  // mostly in nextPodCondition's order, sometimes not
  if (!r.int(4)) shuffle(r, fields);
  return Object.fromEntries(fields) as unknown as PodCondition;
}

function randomStatus(r: Random, containerStatuses: ContainerStatus[][]): PodStatus | undefined {
  if (!r.int(10)) return undefined;
  const fields: [string, unknown][] = [];
  if (r.int(4)) fields.push(['phase', pick(r, ['Pending', 'Running', 'Failed'])]);
  if (r.int(4)) {
    const types = shuffle(r, TYPES.slice()).slice(0, r.int(TYPES.length + 1));
    fields.push(['conditions', types.map((t) => randomCondition(r, t))]);
  }
  if (!r.int(4)) fields.push(['message', 'm']);
  if (!r.int(4)) fields.push(['reason', 'R']);
  if (!r.int(6)) fields.push(['nominatedNodeName', 'n1']);
  if (!r.int(3)) fields.push(['hostIP', '10.0.0.9']);
  if (!r.int(3)) fields.push(['hostIPs', [{ ip: '10.0.0.9' }]]);
  if (!r.int(3)) fields.push(['podIP', '10.244.0.9']);
  if (!r.int(3)) fields.push(['startTime', pick(r, TIMES)]);
  if (!r.int(6)) fields.push(['initContainerStatuses', []]);
  if (containerStatuses.length && r.int(2)) fields.push(['containerStatuses', pick(r, containerStatuses)]);
  if (r.int(3)) fields.push(['qosClass', 'BestEffort']);
  if (!r.int(5)) fields.push(['resize', 'Proposed']);
  if (!r.int(8)) fields.push(['podIP', undefined]);
  if (!r.int(3)) shuffle(r, fields);
  return Object.fromEntries(fields) as PodStatus;
}

function randomContainers(r: Random): Container[] {
  const n = 1 + r.int(3);
  return Array.from({ length: n }, (_, i) => ({
    name: pick(r, ['a', 'b', 'c']) + i,
    image: pick(r, ['nginx:1.27', 'quay.io/x/y', 'localhost:5000/z@sha256:00', 'busybox']),
  }));
}

/** The bytes of a value, keys in order, undefined-valued keys included. */
function dump(v: unknown): string {
  return JSON.stringify(v, (_k, x: unknown) => (x === undefined ? '<undefined>' : x));
}

/**
 * A status laid out as podStatusFields.ts lays out every pod status: each of PodStatus's fields in
 * the Go struct's order, undefined where the status has none, then its other defined fields.
 */
function laidOut(s: PodStatus): PodStatus {
  const src = s as Record<string, unknown>;
  const out: Record<string, unknown> = {};
  for (const k of POD_STATUS_FIELDS) out[k] = src[k];
  for (const k in src)
    if (!IN_ORDER.has(k) && Object.prototype.hasOwnProperty.call(src, k) && src[k] !== undefined)
      out[k] = src[k];
  return out as PodStatus;
}

/** Frozen means frozen all the way down (deepFreeze stops at a frozen object). */
function frozenDown(v: unknown, parentFrozen = false): boolean {
  if (v === null || typeof v !== 'object') return true;
  const f = Object.isFrozen(v);
  if (parentFrozen && !f) return false;
  return Object.values(v).every((x) => frozenDown(x, f));
}

type Step = (b: typeof simple, pod: Pod, now: string) => PodStatus;

const STEPS: Step[] = [
  (b, p, now) => b.pendingStatus(p, '10.0.0.1', now, false),
  (b, p, now) => b.pendingStatus(p, '10.0.0.1', now, true),
  (b, p, now) => b.runningStatus(p, '10.244.1.5', now, { a0: TIMES[0], b1: TIMES[1] }),
  (b, p, now) => b.readyStatus(p, now),
  (b, p, now) => b.notReadyStatus(p, now),
  (b, p, now) => b.failedStatus(p, now),
  (b, p, now) =>
    b.withCondition(
      p,
      { type: 'DisruptionTarget', status: 'True', reason: 'DeletionByPodGC', message: 'PodGC' },
      now,
    ),
];

describe('pod status builders', () => {
  it('give the bytes the simple builders give, on random pods and lifecycles', () => {
    const r = new Random(11);
    const shared = [deepFreeze(randomContainers(r)), deepFreeze(randomContainers(r))];
    const seen: ContainerStatus[][] = [];
    for (let n = 0; n < 400; n++) {
      const containers = r.int(3) ? pick(r, shared) : randomContainers(r);
      const status = randomStatus(r, seen);
      const frozen = r.int(4) > 0;
      let pod = {
        apiVersion: 'v1',
        kind: 'Pod',
        metadata: { name: `p${n}`, namespace: 'default', uid: `uid-${n}` },
        spec: { containers },
      } as unknown as Pod;
      if (status) pod.status = status;
      if (frozen) pod = deepFreeze(pod);
      let a = pod;
      let b = frozen ? pod : structuredClone(pod);
      // a lifecycle: the usual order mostly, random steps sometimes, at shared instants
      const order = r.int(3) ? [0, 1, 2, 3, 4, 5] : Array.from({ length: 6 }, () => r.int(STEPS.length));
      let t = r.int(TIMES.length);
      for (const i of order) {
        if (!r.int(3)) t = (t + 1) % TIMES.length;
        const now = TIMES[t];
        const want = STEPS[i](simple, a, now);
        const got = STEPS[i](fast, b, now);
        expect(dump(got)).toBe(dump(laidOut(want)));
        expect(frozenDown(got)).toBe(true);
        // the kubelet freezes what it hands the store, the store's object is frozen
        a = frozen ? deepFreeze({ ...a, status: deepFreeze(want) }) : { ...a, status: want };
        b = frozen ? deepFreeze({ ...b, status: deepFreeze(got) }) : { ...b, status: got };
        if (got.containerStatuses) seen.push(got.containerStatuses);
      }
      expect(fast.unreadyMessage(b)).toBe(simple.unreadyMessage(a));
    }
  });
});
