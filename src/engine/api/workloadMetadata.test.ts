// The metadata of every stored Pod, DaemonSet, Deployment and ReplicaSet in one hidden class, through
// the mixed case's apply and rollout (testing/rolloutRun.ts): the event recorder, the store's writes,
// its list order and the garbage collector read `obj.metadata` of all four kinds; a fifth and sixth
// class (the Deployment's metadata after its update, one with the revision annotation) made those
// reads megamorphic in the rollout and threw out their optimized code.

import { describe, expect, it } from 'vitest';
import { sameHiddenClass } from '../testing/hiddenClass';
import { rolloutRun } from '../testing/rolloutRun';
import { METADATA_LAID_OUT } from './podMetadataFields';
import type { KObject } from './types';

describe('a stored workload’s metadata', () => {
  it('has a pod’s hidden class, in every kind the controllers write, through a rollout', () => {
    const seen: KObject[] = [];
    rolloutRun({
      onStart: (sim) =>
        sim.watch(
          (c) => {
            if (c.type !== 'DELETED') seen.push(c.obj);
          },
          ['Pod', 'DaemonSet', 'Deployment', 'ReplicaSet'],
        ),
    });
    const pod = seen.find((o) => o.kind === 'Pod')!;
    expect([...new Set(seen.map((o) => o.kind))].sort()).toEqual([
      'DaemonSet',
      'Deployment',
      'Pod',
      'ReplicaSet',
    ]);
    expect([...METADATA_LAID_OUT].sort()).toEqual(['DaemonSet', 'Deployment', 'Pod', 'ReplicaSet']);
    const other = seen.filter((o) => !sameHiddenClass(pod.metadata, o.metadata));
    expect(other.map((o) => `${o.kind}: ${Object.keys(o.metadata).join(',')}`)).toEqual([]);
  });
});
