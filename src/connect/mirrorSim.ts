// The kubectl emulator run against a connected cluster: a throwaway simulation holding a copy of the
// mirrored objects as the server has them (ObjectStore.restore), on the server's clock. Read commands
// (get, describe, explain, rollout history, `sim why`'s checks) print what real kubectl would from the
// same objects. A write command's own calls to the store (create, update, delete — not what the copy's
// controllers would do next) are recorded, to be sent to the server as real requests.

import {
  type Kind,
  type KObject,
  type DeleteOptions,
  type WriteOptions,
  Simulation,
  commandWords,
  runKubectlLine,
  type Kubeconfig,
  type KubectlResult,
} from '../engine';

export type Op =
  | { op: 'create'; kind: Kind; namespace?: string; name: string; body: KObject; dryRun: boolean }
  | {
      op: 'update' | 'updateStatus';
      kind: Kind;
      namespace?: string;
      name: string;
      body: KObject;
      dryRun: boolean;
    }
  | { op: 'delete'; kind: Kind; namespace?: string; name: string; options: DeleteOptions; dryRun: boolean };

/** A simulation holding these objects as they are, its clock at `now` (ms). */
export function mirrorSimulation(objects: Iterable<KObject>, now: number): Simulation {
  const sim = new Simulation({ start: now });
  for (const o of objects) sim.store.restore(o);
  return sim;
}

/**
 * Runs one kubectl line on the copy and records the writes it made itself. Work the copy's
 * controllers, kubelet or scheduler would do (while `delete` waits, say) is not recorded: the real
 * cluster does its own.
 */
export function runRecorded(
  sim: Simulation,
  line: string,
  stdin?: string,
  /** the console's kubeconfig (its context's namespace), kept across the throwaway copies */
  kubeconfig?: Kubeconfig,
): { result: KubectlResult; ops: Op[] } {
  const ops: Op[] = [];
  let depth = 0;
  const store = sim.store;
  const nested =
    <A extends unknown[], R>(fn: (...a: A) => R) =>
    (...a: A): R => {
      depth++;
      try {
        return fn(...a);
      } finally {
        depth--;
      }
    };
  const create = store.create.bind(store);
  const update = store.update.bind(store);
  const updateStatus = store.updateStatus.bind(store);
  const del = store.delete.bind(store);
  store.create = ((input: KObject, opts: WriteOptions = {}) => {
    const top = depth === 0;
    const out = nested(create)(input, opts);
    if (top) {
      const body = { ...input, metadata: { ...input.metadata } } as KObject;
      if (out.metadata.namespace !== undefined) body.metadata.namespace = out.metadata.namespace;
      if (!body.metadata.name) body.metadata.name = out.metadata.name;
      ops.push({
        op: 'create',
        kind: out.kind as Kind,
        namespace: out.metadata.namespace,
        name: out.metadata.name,
        body,
        dryRun: !!opts.dryRun,
      });
    }
    return out;
  }) as typeof store.create;
  const writer = (op: 'update' | 'updateStatus', fn: typeof update) =>
    ((input: KObject, opts: WriteOptions = {}) => {
      const top = depth === 0;
      const old = top
        ? store.get(input.kind as Kind, input.metadata.namespace, input.metadata.name)
        : undefined;
      const out = nested(fn)(input, opts);
      // A write that changed nothing is not sent (the server would not change anything either).
      if (top && old && out !== old) {
        const body = {
          ...input,
          metadata: {
            ...input.metadata,
            resourceVersion: input.metadata.resourceVersion || old.metadata.resourceVersion,
          },
        } as KObject;
        ops.push({
          op,
          kind: out.kind as Kind,
          namespace: out.metadata.namespace,
          name: out.metadata.name,
          body,
          dryRun: !!opts.dryRun,
        });
      }
      return out;
    }) as typeof store.update;
  store.update = writer('update', update);
  store.updateStatus = writer('updateStatus', updateStatus);
  store.delete = ((kind: Kind, namespace: string | undefined, name: string, opts: DeleteOptions = {}) => {
    const top = depth === 0;
    const out = nested(del)(kind, namespace, name, opts);
    if (top)
      ops.push({
        op: 'delete',
        kind,
        namespace: out.metadata.namespace,
        name,
        options: opts,
        dryRun: !!opts.dryRun,
      });
    return out;
  }) as typeof store.delete;
  // The copy's own controllers run only inside step/advance/settle: none of their writes is recorded.
  sim.step = nested(sim.step.bind(sim));
  sim.advance = nested(sim.advance.bind(sim));
  sim.settle = nested(sim.settle.bind(sim));
  const result = runKubectlLine(sim, line, { stdin, kubeconfig });
  return { result, ops };
}

/**
 * Commands that open a stream to a container (the pods/exec, attach and portforward connect
 * subresources; `cp` is a tar over exec; `debug -i` attaches once its container runs): the copy
 * has no container to reach, the user's own kubectl can. Returns `kubectl WORD`, or null.
 */
export function streamingCommand(words: string[]): string | null {
  const [w] = commandWords(words, 1);
  if (w === 'exec' || w === 'attach' || w === 'port-forward' || w === 'cp') return `kubectl ${w}`;
  if (w === 'debug') {
    const dash = words.indexOf('--');
    const flags = dash >= 0 ? words.slice(0, dash) : words;
    // -i/--stdin attaches unless --attach=false says otherwise (debug.go: attach defaults to interactive)
    const attach = flags.find((x) => x === '--attach' || x.startsWith('--attach='));
    const interactive = flags.some(
      (x) => x === '--stdin' || x === '--stdin=true' || /^-[a-zA-Z]*i[a-zA-Z]*$/.test(x),
    );
    if (attach !== undefined ? attach !== '--attach=false' : interactive) return 'kubectl debug --attach';
  }
  return null;
}

/** Commands that follow the cluster over time: the copy cannot, the user's own kubectl can. */
export function watchingCommand(words: string[]): string | null {
  const w = commandWords(words, 2);
  if (w[0] === 'rollout' && w[1] === 'status') return 'kubectl rollout status';
  if (w[0] === 'wait') return 'kubectl wait';
  if (w[0] === 'drain') return 'kubectl drain';
  if (w[0] === 'logs') return 'kubectl logs';
  if (
    words.some(
      (x) =>
        x === '-w' ||
        x === '--watch' ||
        x === '--watch-only' ||
        x.startsWith('--watch=') ||
        x.startsWith('--watch-only='),
    )
  )
    return 'kubectl … --watch';
  return null;
}
