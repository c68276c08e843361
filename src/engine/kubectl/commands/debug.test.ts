// kubectl debug against a cluster without ephemeral containers: kubectl's own checks and messages,
// then the refusal a real kubectl prints against serve (src/scenarios/debug.sim holds the rest).

import { describe, expect, it } from 'vitest';
import { Simulation } from '../../simulation';
import { applyPreset } from '../../cluster/presets';
import { runDef } from '../../testing/kubectl';
import { debugCommand } from './debug';
import type { KObject } from '../../api/types';

function sim(): Simulation {
  const s = new Simulation({ seed: 1 });
  applyPreset(s, 'large', 1);
  s.store.create({
    apiVersion: 'v1',
    kind: 'Pod',
    metadata: { name: 'web', namespace: 'default' },
    spec: { containers: [{ name: 'web', image: 'nginx' }] },
  } as unknown as KObject);
  return s;
}

const REFUSAL =
  'error: ephemeral containers are disabled for this cluster (error from server: "the server could not find the requested resource")\n';

describe('kubectl debug', () => {
  it('names the debug container as kubectl does (debugger- and five characters), then is refused', () => {
    const s = sim();
    const before = s.store.resourceVersion();
    const r = runDef(s, debugCommand, 'web --image=busybox --profile=general');
    expect(r.stderr).toMatch(
      /^Defaulting debug container name to debugger-[bcdfghjklmnpqrstvwxz2456789]{5}\.\n/,
    );
    expect(r.stderr.endsWith(REFUSAL)).toBe(true);
    expect(r.exitCode).toBe(1);
    // nothing was written, and the simulation's own random draws are untouched
    expect(s.store.resourceVersion()).toBe(before);
  });

  it('does not pretend to copy pods or debug nodes', () => {
    const s = sim();
    expect(runDef(s, debugCommand, 'web --copy-to=web2 -c dbg').stderr).toContain('not modelled');
    expect(runDef(s, debugCommand, 'node/node-1 --image=busybox').stderr).toContain('not modelled');
  });
});
