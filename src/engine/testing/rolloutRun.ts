// The bench's mixed case, small (tools/bench/engine.ts): the article's DaemonSet and the web
// Deployment on a few nodes, applied and settled, then the Deployment's image changed and settled
// again (its rolling update: every old pod deleted gracefully). For the tests that follow objects
// through every kind of write a rollout makes (hidden classes, V8's traces in a child process).

import { parse } from 'yaml';
import type { KObject } from '../api/types';
import { applyPreset } from '../cluster/presets';
import { Simulation } from '../simulation';
import { FLUENTD_YAML } from './builders';
import { WEB_IMAGE_NEW, mixedDeployment } from './deployments';

/** The simulation after the run; `onStart` sees it before anything is applied (to watch it). */
export function rolloutRun(
  o: { nodes?: number; replicas?: number; onStart?: (sim: Simulation) => void } = {},
): Simulation {
  const replicas = o.replicas ?? 12;
  const sim = new Simulation({ seed: 5 });
  applyPreset(sim, 'large', o.nodes ?? 4);
  o.onStart?.(sim);
  sim.store.create(parse(FLUENTD_YAML) as KObject);
  sim.store.create(mixedDeployment(replicas) as unknown as KObject);
  sim.settle();
  // the edited manifest replaced, as the bench does
  sim.store.update(mixedDeployment(replicas, WEB_IMAGE_NEW) as unknown as KObject);
  sim.settle();
  return sim;
}
