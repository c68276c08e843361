// The registry the kubelets pull from, and what each image does once it runs: the catalogue
// (catalogue.ts) decides which tags exist, and `sim image …` rules override it per image.
// Rules are keyed by the normalized reference (`nginx` = `docker.io/library/nginx:latest`).

import { normalizeImage } from '../kubelet/images';
import { catalogueLookup } from './catalogue';

/** How a container of this image behaves once started (`sim image crash|oom|unready`). */
export type RunBehaviour =
  | { kind: 'runs' }
  /** the process exits with `exitCode` after running `afterMs` (reason Error, or Completed for 0) */
  | { kind: 'crash'; afterMs: number; exitCode: number }
  /** the container is OOM-killed (exit 137, reason OOMKilled) after running `afterMs` */
  | { kind: 'oom'; afterMs: number }
  /**
   * its readiness probes fail (a container without a readiness probe is still ready); with
   * `liveness`, its liveness and startup probes fail too (the kubelet restarts it)
   */
  | { kind: 'unready'; liveness?: boolean };

/** One image's rule, as `sim image …` set it. */
export interface ImageRule {
  /** `sim image missing` / `ok`: overrides the catalogue */
  exists?: boolean;
  /** `sim image slow`: the pull takes this long */
  pullMs?: number;
  /** `sim image crash|oom|unready` (`ok` resets it to runs) */
  run?: RunBehaviour;
}

/** What the kubelet learns of an image: whether it pulls, how long that takes, how it runs. */
export interface ImageFacts {
  /** the normalized reference */
  ref: string;
  exists: boolean;
  /** the pull time when the rule sets one (else the kubelet's default) */
  pullMs?: number;
  run: RunBehaviour;
}

const RUNS: RunBehaviour = Object.freeze({ kind: 'runs' });

export class Registry {
  /** normalized reference → its rule, in the order the rules were first set (`sim image list`) */
  readonly rules = new Map<string, ImageRule>();

  /** The facts of `image` (as the pod spec names it). */
  facts(image: string): ImageFacts {
    const ref = normalizeImage(image);
    const rule = this.rules.get(ref);
    const exists = rule?.exists ?? catalogueLookup(ref) !== 'missing';
    return { ref, exists, pullMs: rule?.pullMs, run: rule?.run ?? RUNS };
  }

  /** Sets (merges) the rule of `image`. */
  set(image: string, rule: ImageRule): void {
    const ref = normalizeImage(image);
    this.rules.set(ref, { ...this.rules.get(ref), ...rule });
  }
}
