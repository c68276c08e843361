// The full-pass controller is the oracle of the incremental one: random operation sequences (nodes
// added, deleted, tainted, labelled, cordoned, NotReady; DaemonSets applied with random strategies;
// set image, undo, pod failures, OnDelete deletes, pod relabels and orphans to adopt; time advancing and single steps) run through
// both, and the transcripts (every command's output, `sim step` lines with what each sync did,
// `sim why` with the last sync's decisions) and the stored objects must be identical.

import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { Session } from '../../script/session';

export type Op =
  | { op: 'addNode'; i: number; taint?: string; label?: string; notReady: boolean }
  | { op: 'deleteNode'; i: number }
  | { op: 'taint'; i: number; taint: string }
  | { op: 'untaint'; i: number; key: string }
  | { op: 'label'; i: number; value: string }
  | { op: 'cordon' | 'uncordon'; i: number }
  | { op: 'condition'; i: number; status: 'True' | 'False' | 'Unknown' }
  | { op: 'apply'; strategy: string; selector: boolean; toleration: boolean; minReady: number; image: number }
  | { op: 'setImage'; image: number }
  | { op: 'undo' }
  | { op: 'failPod'; k: number }
  | { op: 'deletePod'; k: number }
  | { op: 'labelPod'; k: number; app: 'agent' | 'other' }
  | { op: 'runPod'; k: number }
  | { op: 'advance'; ms: number }
  | { op: 'step'; n: number }
  | { op: 'why'; i: number };

function rarely<T>(a: fc.Arbitrary<T>): fc.Arbitrary<T | undefined> {
  return fc.oneof({ weight: 3, arbitrary: fc.constant(undefined) }, { weight: 1, arbitrary: a });
}

const node = fc.integer({ min: 0, max: 6 });
const taintArb = fc.constantFrom(
  'dedicated=x:NoSchedule',
  'evict=y:NoExecute',
  'soft=z:PreferNoSchedule',
  'dedicated=w:NoSchedule',
);
const strategyArb = fc.constantFrom(
  'OnDelete',
  'RollingUpdate:1:0',
  'RollingUpdate:2:0',
  'RollingUpdate:50%:0',
  'RollingUpdate:0:1',
  'RollingUpdate:0:50%',
  'RollingUpdate:0:100%',
);

const opArb: fc.Arbitrary<Op> = fc.oneof(
  {
    weight: 3,
    arbitrary: fc.record({
      op: fc.constant('addNode' as const),
      i: node,
      taint: rarely(taintArb),
      label: fc.option(fc.constantFrom('a', 'b'), { nil: undefined }),
      notReady: fc.boolean(),
    }),
  },
  { weight: 1, arbitrary: fc.record({ op: fc.constant('deleteNode' as const), i: node }) },
  { weight: 1, arbitrary: fc.record({ op: fc.constant('taint' as const), i: node, taint: taintArb }) },
  {
    weight: 1,
    arbitrary: fc.record({
      op: fc.constant('untaint' as const),
      i: node,
      key: fc.constantFrom('dedicated', 'evict', 'soft'),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({ op: fc.constant('label' as const), i: node, value: fc.constantFrom('a', 'b') }),
  },
  {
    weight: 1,
    arbitrary: fc.record({ op: fc.constantFrom('cordon' as const, 'uncordon' as const), i: node }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      op: fc.constant('condition' as const),
      i: node,
      status: fc.constantFrom('True' as const, 'False' as const, 'Unknown' as const),
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      op: fc.constant('apply' as const),
      strategy: strategyArb,
      selector: fc.boolean(),
      toleration: fc.boolean(),
      minReady: fc.constantFrom(0, 0, 3),
      image: fc.integer({ min: 1, max: 3 }),
    }),
  },
  {
    weight: 4,
    arbitrary: fc.record({ op: fc.constant('setImage' as const), image: fc.integer({ min: 1, max: 4 }) }),
  },
  { weight: 1, arbitrary: fc.record({ op: fc.constant('undo' as const) }) },
  { weight: 1, arbitrary: fc.record({ op: fc.constant('failPod' as const), k: fc.nat(8) }) },
  { weight: 1, arbitrary: fc.record({ op: fc.constant('deletePod' as const), k: fc.nat(8) }) },
  {
    weight: 1,
    arbitrary: fc.record({
      op: fc.constant('labelPod' as const),
      k: fc.nat(8),
      app: fc.constantFrom('agent' as const, 'other' as const),
    }),
  },
  { weight: 1, arbitrary: fc.record({ op: fc.constant('runPod' as const), k: fc.nat(3) }) },
  {
    weight: 5,
    arbitrary: fc.record({
      op: fc.constant('advance' as const),
      ms: fc.constantFrom(10, 300, 1000, 2500, 5000, 20000),
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({ op: fc.constant('step' as const), n: fc.integer({ min: 1, max: 6 }) }),
  },
  { weight: 1, arbitrary: fc.record({ op: fc.constant('why' as const), i: node }) },
);

/** A cluster of 2–7 nodes and a DaemonSet, so that every operation finds something to act on. */
const setupArb: fc.Arbitrary<Op[]> = fc
  .tuple(
    fc.array(
      fc.record({ taint: rarely(taintArb), label: fc.option(fc.constantFrom('a', 'b'), { nil: undefined }) }),
      { minLength: 2, maxLength: 7 },
    ),
    opArb.filter((o) => o.op === 'apply'),
    fc.constantFrom(500, 3000, 30000),
  )
  .map(([nodes, apply, ms]) => [
    ...nodes.map((n, i) => ({ op: 'addNode' as const, i, taint: n.taint, label: n.label, notReady: false })),
    apply,
    { op: 'advance' as const, ms },
  ]);

function manifest(o: Extract<Op, { op: 'apply' }>): string {
  const [type, mu, ms] = o.strategy.split(':');
  const strategy =
    type === 'OnDelete'
      ? '  updateStrategy:\n    type: OnDelete\n'
      : `  updateStrategy:\n    type: RollingUpdate\n    rollingUpdate:\n      maxUnavailable: ${/%/.test(mu) ? `"${mu}"` : mu}\n      maxSurge: ${/%/.test(ms) ? `"${ms}"` : ms}\n`;
  return [
    'apiVersion: apps/v1',
    'kind: DaemonSet',
    'metadata:',
    '  name: agent',
    'spec:',
    '  selector:',
    '    matchLabels:',
    '      app: agent',
    strategy.trimEnd(),
    ...(o.minReady ? [`  minReadySeconds: ${o.minReady}`] : []),
    '  template:',
    '    metadata:',
    '      labels:',
    '        app: agent',
    '    spec:',
    ...(o.selector ? ['      nodeSelector:', '        role: a'] : []),
    ...(o.toleration
      ? [
          '      tolerations:',
          '      - key: dedicated',
          '        operator: Exists',
          '        effect: NoSchedule',
        ]
      : []),
    '      terminationGracePeriodSeconds: 2',
    '      containers:',
    '      - name: c',
    `        image: registry.example.com/agent:${o.image}`,
  ].join('\n');
}

/** Runs the operations in one session and returns its transcript. */
export function run(
  mode: 'incremental' | 'fullPass',
  setup: Op[],
  ops: Op[],
  seed: number,
): { transcript: string; objects: string } {
  const s = new Session({ seed, preset: 'empty', daemonSetController: mode });
  const out: string[] = [];
  const exec = (line: string, stdin?: string) => {
    const r = s.exec(line, stdin);
    out.push(`$ ${line}`, ...r.chunks.map((c) => c.text), `[exit ${r.exitCode}]`);
  };
  const podName = (k: number) => {
    const pods = s.sim.store.list('Pod', 'default');
    return pods.length ? pods[k % pods.length].metadata.name : 'none';
  };
  for (const o of [...setup, ...ops]) {
    const n = `n${'i' in o ? o.i : 0}`;
    switch (o.op) {
      case 'addNode':
        exec(
          `sim node add ${n}${o.taint ? ` --taint ${o.taint}` : ''}${o.label ? ` --label role=${o.label}` : ''}${o.notReady ? ' --not-ready' : ''}`,
        );
        break;
      case 'deleteNode':
        exec(`kubectl delete node ${n}`);
        break;
      case 'taint':
        exec(`kubectl taint node ${n} ${o.taint} --overwrite`);
        break;
      case 'untaint':
        exec(`kubectl taint node ${n} ${o.key}-`);
        break;
      case 'label':
        exec(`kubectl label node ${n} role=${o.value} --overwrite`);
        break;
      case 'cordon':
      case 'uncordon':
        exec(`kubectl ${o.op} ${n}`);
        break;
      case 'condition':
        exec(`sim node condition ${n} Ready=${o.status}`);
        break;
      case 'apply':
        exec('kubectl apply -f -', manifest(o));
        break;
      case 'setImage':
        exec(`kubectl set image ds/agent c=registry.example.com/agent:${o.image}`);
        break;
      case 'undo':
        exec('kubectl rollout undo ds/agent');
        break;
      case 'failPod':
        exec(`sim pod fail ${podName(o.k)}`);
        break;
      case 'deletePod':
        exec(`kubectl delete pod ${podName(o.k)} --wait=false`);
        break;
      case 'labelPod':
        // released when it stops matching the selector, adopted again when it matches once more
        exec(`kubectl label pod ${podName(o.k)} app=${o.app} --overwrite`);
        break;
      case 'runPod':
        // an orphan matching the selector: adopted, then deleted as a duplicate or a misfit
        exec(`kubectl run bare${o.k} --image=registry.example.com/agent:1 --labels=app=agent`);
        break;
      case 'advance':
        exec(`sim advance ${o.ms}ms`);
        break;
      case 'step':
        exec(`sim step ${o.n}`);
        break;
      case 'why':
        exec(`sim why ${n} agent`);
        break;
    }
  }
  exec('sim settle');
  exec('kubectl get ds,pods -o wide');
  exec('kubectl describe ds agent');
  for (const nd of s.sim.store.list('Node')) exec(`sim why ${nd.metadata.name} agent`);
  const objects = JSON.stringify(s.sim.store.all().filter((o) => o.kind !== 'Event'));
  return { transcript: out.join('\n'), objects };
}

/** Sequences that once told the two apart (kept as regression examples). */
const FOUND: [Op[], Op[], number][] = [
  // a node deleted, then added again before the next sync: the last sync had nothing to say about it
  [
    [
      { op: 'addNode', i: 0, notReady: false },
      { op: 'addNode', i: 1, notReady: false },
      { op: 'addNode', i: 2, taint: 'dedicated=x:NoSchedule', notReady: false },
      { op: 'apply', strategy: 'OnDelete', selector: true, toleration: false, minReady: 0, image: 1 },
      { op: 'advance', ms: 500 },
    ],
    [
      { op: 'deleteNode', i: 2 },
      { op: 'advance', ms: 10 },
      { op: 'apply', strategy: 'OnDelete', selector: false, toleration: false, minReady: 0, image: 1 },
      { op: 'addNode', i: 2, notReady: false },
      { op: 'why', i: 2 },
    ],
    1,
  ],
  // a template change re-evaluates every node: a node that is gone must lose its rolling-update place
  [
    [
      { op: 'addNode', i: 0, notReady: false },
      { op: 'addNode', i: 1, taint: 'dedicated=x:NoSchedule', notReady: false },
      {
        op: 'apply',
        strategy: 'RollingUpdate:0:1',
        selector: false,
        toleration: true,
        minReady: 0,
        image: 1,
      },
      { op: 'advance', ms: 500 },
    ],
    [
      { op: 'advance', ms: 20000 },
      { op: 'deleteNode', i: 0 },
      { op: 'setImage', image: 2 },
      { op: 'advance', ms: 2500 },
      {
        op: 'apply',
        strategy: 'RollingUpdate:1:0',
        selector: false,
        toleration: false,
        minReady: 0,
        image: 1,
      },
      { op: 'step', n: 6 },
      { op: 'setImage', image: 2 },
    ],
    1,
  ],
  // a sync's own delete marks the node for the next sync (the dirty set is cleared before manage writes)
  [
    [
      { op: 'addNode', i: 0, taint: 'dedicated=x:NoSchedule', notReady: false },
      { op: 'addNode', i: 1, notReady: false },
      { op: 'addNode', i: 2, notReady: false },
      { op: 'addNode', i: 3, notReady: false },
      {
        op: 'apply',
        strategy: 'RollingUpdate:1:0',
        selector: false,
        toleration: false,
        minReady: 0,
        image: 1,
      },
      { op: 'advance', ms: 500 },
    ],
    [
      { op: 'setImage', image: 2 },
      { op: 'step', n: 6 },
      { op: 'advance', ms: 10 },
      { op: 'deleteNode', i: 3 },
      { op: 'step', n: 5 },
      { op: 'addNode', i: 3, notReady: false },
      { op: 'why', i: 3 },
    ],
    1,
  ],
];

describe('incremental DaemonSet controller vs the full-pass oracle', () => {
  it('gives identical transcripts and objects for random operation sequences', () => {
    fc.assert(
      fc.property(
        setupArb,
        fc.array(opArb, { minLength: 5, maxLength: 40 }),
        fc.integer({ min: 1, max: 1000 }),
        (setup, ops, seed) => {
          const inc = run('incremental', setup, ops, seed);
          const full = run('fullPass', setup, ops, seed);
          expect(inc.transcript).toBe(full.transcript);
          expect(inc.objects).toBe(full.objects);
        },
      ),
      { numRuns: Number(process.env.ORACLE_RUNS ?? 150), examples: FOUND },
    );
  });
});

describe('incremental DaemonSet controller vs the full-pass oracle, beyond burstReplicas', () => {
  it('creates 250 pods per sync in node order, and says the same about waiting nodes', () => {
    const nodes: Op[] = Array.from({ length: 620 }, (_, i) => ({
      op: 'addNode' as const,
      i,
      notReady: false,
    }));
    const apply: Op = {
      op: 'apply',
      strategy: 'RollingUpdate:0:25%',
      selector: false,
      toleration: false,
      minReady: 0,
      image: 1,
    };
    const ops: Op[] = [
      { op: 'step', n: 3 },
      { op: 'why', i: 5 },
      { op: 'why', i: 600 },
      { op: 'deleteNode', i: 1 },
      { op: 'label', i: 610, value: 'a' },
      { op: 'step', n: 4 },
      { op: 'why', i: 610 },
      { op: 'advance', ms: 3000 },
      { op: 'setImage', image: 2 },
      { op: 'step', n: 40 },
      { op: 'why', i: 300 },
      { op: 'advance', ms: 20000 },
    ];
    const inc = run('incremental', [...nodes, apply], ops, 7);
    const full = run('fullPass', [...nodes, apply], ops, 7);
    expect(inc.transcript).toContain('created 250 pods');
    expect(inc.transcript).toBe(full.transcript);
    expect(inc.objects).toBe(full.objects);
  });
});

describe('incremental DaemonSet controller vs the full-pass oracle, a rollout wider than burstReplicas', () => {
  it('deletes 250 old pods per sync and says the same about chosen, deleted and waiting nodes', () => {
    const nodes: Op[] = Array.from({ length: 600 }, (_, i) => ({
      op: 'addNode' as const,
      i,
      notReady: false,
    }));
    const apply: Op = {
      op: 'apply',
      strategy: 'RollingUpdate:50%:0',
      selector: false,
      toleration: false,
      minReady: 0,
      image: 1,
    };
    const whys: Op[] = [1, 150, 300, 420, 599].map((i) => ({ op: 'why' as const, i }));
    const ops: Op[] = [
      { op: 'advance', ms: 30000 },
      { op: 'setImage', image: 2 },
      { op: 'step', n: 4 },
      ...whys,
      { op: 'step', n: 3 },
      ...whys,
      { op: 'advance', ms: 2500 },
      ...whys,
    ];
    const inc = run('incremental', [...nodes, apply], ops, 11);
    const full = run('fullPass', [...nodes, apply], ops, 11);
    expect(inc.transcript).toContain('rolling update: 300 old pod(s) to replace');
    expect(inc.transcript).toBe(full.transcript);
    expect(inc.objects).toBe(full.objects);
  });
});
