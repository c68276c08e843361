// nextPodCondition (podCondition.ts) against the plain form it stands for — reason and message set
// only when non-empty — and every pod condition of a DaemonSet's and a Deployment's pods on their way
// to Ready in one hidden class (with a reason and message or without), what spares V8 the
// re-compiles of the readers of `status.conditions` when pods become ready.

import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { sameHiddenClass } from '../testing/hiddenClass';
import { webDeployment } from '../testing/deployments';
import { Simulation } from '../simulation';
import { applyPreset } from '../cluster/presets';
import { FLUENTD_YAML } from '../testing/builders';
import { nextPodCondition } from './podCondition';
import type { KObject, Pod, PodCondition } from './types';

type Spec = Omit<PodCondition, 'lastTransitionTime' | 'lastProbeTime'>;

/** The plain form: the four fields, then reason and message where they are non-empty. */
function plain(old: PodCondition | undefined, next: Spec, now: string): PodCondition {
  const cond: PodCondition = {
    type: next.type,
    status: next.status,
    lastProbeTime: null,
    lastTransitionTime:
      old && old.status === next.status && old.lastTransitionTime ? old.lastTransitionTime : now,
  };
  if (next.reason) cond.reason = next.reason;
  if (next.message) cond.message = next.message;
  return cond;
}

describe('nextPodCondition', () => {
  it('is the plain condition, reason and message undefined where empty, in one hidden class', () => {
    const olds: (PodCondition | undefined)[] = [
      undefined,
      { type: 'Ready', status: 'True', lastProbeTime: null, lastTransitionTime: 't0' },
      { type: 'Ready', status: 'False', lastProbeTime: null, lastTransitionTime: 't0', reason: 'R' },
      { type: 'Ready', status: 'False', lastProbeTime: null, lastTransitionTime: '' },
    ];
    const specs: Spec[] = [
      { type: 'Ready', status: 'True' },
      { type: 'Ready', status: 'False', reason: 'ContainersNotReady', message: 'm' },
      { type: 'Ready', status: 'False', reason: '', message: 'm' },
      { type: 'Ready', status: 'True', reason: 'R' },
    ];
    const made: PodCondition[] = [];
    for (const old of olds)
      for (const spec of specs) {
        const got = nextPodCondition(old, spec, 't1');
        expect(JSON.stringify(got)).toBe(JSON.stringify(plain(old, spec, 't1')));
        expect(Object.keys(got)).toEqual([
          'type',
          'status',
          'lastProbeTime',
          'lastTransitionTime',
          'reason',
          'message',
        ]);
        made.push(got);
      }
    for (const c of made) expect(sameHiddenClass(made[0], c)).toBe(true);
  });

  it('gives every condition of a DaemonSet’s and a Deployment’s pods one hidden class, ready or not', () => {
    const sim = new Simulation({ seed: 3 });
    applyPreset(sim, 'large', 3);
    const bad: string[] = [];
    let first: PodCondition | undefined;
    const reasons = new Set<string>();
    sim.watch(
      (c) => {
        for (const cond of (c.obj as Pod).status.conditions ?? []) {
          first ??= cond;
          reasons.add(`${cond.type} ${cond.status} ${cond.reason ?? ''}`);
          if (!sameHiddenClass(first, cond))
            bad.push(`${(c.obj as Pod).metadata.name}: ${cond.type} ${cond.status}: another hidden class`);
        }
      },
      ['Pod'],
    );
    sim.store.create(parse(FLUENTD_YAML) as KObject);
    sim.store.create(webDeployment() as unknown as KObject);
    sim.settle();
    // both kinds were seen: ready and not ready (with a reason and message)
    expect(reasons).toContain('Ready True ');
    expect(reasons).toContain('Ready False ContainersNotReady');
    expect(bad).toEqual([]);
  });
});
