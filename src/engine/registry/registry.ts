// The registry the kubelets pull from, and what each image does once it runs: the catalogue
// (catalogue.ts) decides which tags exist, and `sim image …` rules override it per image.
// Rules are keyed by the normalized reference (`nginx` = `docker.io/library/nginx:latest`).

import { goDuration } from '../clock';
import { normalizeImage } from './reference';
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

/** `sim image crash` without `--after`: the process runs this long, then exits (long enough to see it Running). */
export const DEFAULT_CRASH_AFTER_MS = 5_000;
/** `sim image crash` without `--exit-code`: a plain failure (reason Error). */
export const DEFAULT_CRASH_EXIT_CODE = 1;
/** `sim image oom` without `--after`: the time its memory takes to reach the limit. */
export const DEFAULT_OOM_AFTER_MS = 30_000;

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

  // The verbs of `sim image …`. Each one states one side of the rule in full — how the image pulls
  // (missing, slow) or how it runs (crash, oom, unready) — and keeps the other side; `ok` clears both.

  /** `sim image missing`: the tag does not exist (pulls fail); a pull time set before goes. */
  missing(image: string): void {
    const run = this.rules.get(normalizeImage(image))?.run;
    this.replace(image, run ? { exists: false, run } : { exists: false });
  }

  /** `sim image ok`: the image exists and runs, whatever the catalogue says; every other rule goes. */
  ok(image: string): void {
    this.replace(image, { exists: true });
  }

  /** `sim image slow`: the image exists and each pull takes `pullMs`. */
  slow(image: string, pullMs: number): void {
    const run = this.rules.get(normalizeImage(image))?.run;
    this.replace(image, run ? { exists: true, pullMs, run } : { exists: true, pullMs });
  }

  /** `sim image crash|oom|unready`: how a container of the image behaves once started. */
  runAs(image: string, run: RunBehaviour): void {
    const old = this.rules.get(normalizeImage(image));
    this.replace(image, {
      ...(old?.exists !== undefined ? { exists: old.exists } : {}),
      ...(old?.pullMs !== undefined ? { pullMs: old.pullMs } : {}),
      run: Object.freeze({ ...run }),
    });
  }

  /** Every rule as `sim image list` shows it, in the order the images were first given a rule. */
  list(): ImageRuleView[] {
    return [...this.rules].map(([ref, rule]) => ({
      ref,
      pull: pullText(ref, rule),
      run: runText(rule.run ?? RUNS),
    }));
  }

  /** Takes over another registry's rules (`sim cluster` builds a new simulation; the registry stays). */
  copyFrom(other: Registry): void {
    this.rules.clear();
    for (const [ref, rule] of other.rules) this.rules.set(ref, rule);
  }

  private replace(image: string, rule: ImageRule): void {
    this.rules.set(normalizeImage(image), Object.freeze(rule));
  }
}

/** One row of `sim image list`. */
export interface ImageRuleView {
  /** the normalized reference */
  ref: string;
  /** `missing`, `ok`, `slow 30s`, or what the catalogue says when no pull rule is set (`missing (catalogue)`) */
  pull: string;
  /** `runs`, `crash after 5s (exit 1)`, `oom after 30s`, `unready` */
  run: string;
}

function pullText(ref: string, rule: ImageRule): string {
  if (rule.exists === false) return 'missing';
  if (rule.pullMs !== undefined) return `slow ${goDuration(rule.pullMs)}`;
  if (rule.exists === true) return 'ok';
  const known = catalogueLookup(ref);
  return known === 'missing'
    ? 'missing (catalogue)'
    : known === 'exists'
      ? 'ok (catalogue)'
      : 'ok (not catalogued)';
}

function runText(run: RunBehaviour): string {
  switch (run.kind) {
    case 'runs':
      return 'runs';
    case 'crash':
      return `crash after ${goDuration(run.afterMs)} (exit ${run.exitCode})`;
    case 'oom':
      return `oom after ${goDuration(run.afterMs)}`;
    case 'unready':
      return 'unready';
  }
}
