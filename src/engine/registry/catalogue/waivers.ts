// References this repository's own scripts and tests use that the real registries do not have (found
// while building the catalogue, 2026-08-22). Each answers 'unknown' (it pulls) so that what those
// files show does not change with the catalogue; switch the file to a real tag, then drop its line
// here. catalogue.test.ts checks that every reference below is still one the data calls missing.

export const WAIVED: ReadonlyArray<readonly [ref: string, usedBy: string]> = [
  // no v2.3.0 was ever pushed (v2.2.0, then v2.3.1, v2.3.2): v2.3.1 is the nearest real tag
  ['k8s.gcr.io/fluentd-elasticsearch:v2.3.0', 'src/scenarios/undo.sim'],
  // no v2.2.1 (v2.2.0, then v2.3.1)
  ['k8s.gcr.io/fluentd-elasticsearch:v2.2.1', 'src/cli/bench.ts'],
  // no 1.21 (1.20, then 1.22)
  ['k8s.gcr.io/fluentd-elasticsearch:1.21', 'e2e/csp.spec.ts, e2e/kubectl-edit.spec.ts, e2e/reliability.spec.ts'],
  // `pause` is not a Docker official image: registry.k8s.io/pause:3.10 is the real one
  ['docker.io/library/pause:3.10', 'src/worker/host.test.ts, src/worker/watchdog.test.ts, e2e/flood.spec.ts'],
];
