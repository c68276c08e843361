// `sim image …` through the Session, as scripts, the console, lessons and `kubectl sim` run it.

import { describe, expect, it } from 'vitest';
import { Session } from './session';
import { DEFAULT_CRASH_AFTER_MS, DEFAULT_OOM_AFTER_MS } from '../registry/registry';

function run(s: Session, line: string) {
  const r = s.exec(line);
  return {
    exitCode: r.exitCode,
    stdout: r.chunks
      .filter((c) => c.stream === 'stdout')
      .map((c) => c.text)
      .join(''),
    stderr: r.chunks
      .filter((c) => c.stream === 'stderr')
      .map((c) => c.text)
      .join(''),
  };
}

/** Runs a line that must succeed silently (sim commands print nothing on success). */
function ok(s: Session, line: string): void {
  expect(run(s, line)).toEqual({ exitCode: 0, stdout: '', stderr: '' });
}

describe('sim image', () => {
  it('sets rules that the kubelet reads through registry.facts', () => {
    const s = new Session();
    ok(s, 'sim image missing nginx:1.99');
    ok(s, 'sim image crash busybox --after 2s --exit-code 3');
    ok(s, 'sim image crash busybox:1.36');
    ok(s, 'sim image crash busybox:1.37 --exit-code 0');
    ok(s, 'sim image oom quay.io/org/leaky:v1');
    ok(s, 'sim image oom quay.io/org/leaky:v2 --after=1m');
    ok(s, 'sim image unready registry.k8s.io/agent:1.0');
    ok(s, 'sim image slow k8s.gcr.io/fluentd-elasticsearch:1.20 45s');
    ok(s, 'sim image slow docker.io/library/redis 0s');
    const f = (image: string) => s.sim.registry.facts(image);
    expect(f('docker.io/library/nginx:1.99').exists).toBe(false);
    expect(f('busybox:latest').run).toEqual({ kind: 'crash', afterMs: 2000, exitCode: 3 });
    expect(f('busybox:1.36').run).toEqual({ kind: 'crash', afterMs: DEFAULT_CRASH_AFTER_MS, exitCode: 1 });
    expect(f('busybox:1.37').run).toEqual({ kind: 'crash', afterMs: DEFAULT_CRASH_AFTER_MS, exitCode: 0 });
    expect(f('quay.io/org/leaky:v1').run).toEqual({ kind: 'oom', afterMs: DEFAULT_OOM_AFTER_MS });
    expect(f('quay.io/org/leaky:v2').run).toEqual({ kind: 'oom', afterMs: 60_000 });
    expect(f('registry.k8s.io/agent:1.0').run).toEqual({ kind: 'unready' });
    expect(f('k8s.gcr.io/fluentd-elasticsearch:1.20')).toMatchObject({ exists: true, pullMs: 45_000 });
    expect(f('redis')).toMatchObject({ exists: true, pullMs: 0 });
    ok(s, 'sim image ok busybox');
    expect(f('busybox')).toEqual({
      ref: 'docker.io/library/busybox:latest',
      exists: true,
      pullMs: undefined,
      run: { kind: 'runs' },
    });
  });

  it('list prints a kubectl-like table on stdout; with no rules it says so on stderr', () => {
    const s = new Session();
    expect(run(s, 'sim image list')).toEqual({
      exitCode: 0,
      stdout: '',
      stderr: 'No image rules set: every image pulls as the registry catalogue says, and runs.\n',
    });
    ok(s, 'sim image missing nginx');
    ok(s, 'sim image slow quay.io/org/app:v1 1m30s');
    ok(s, 'sim image crash quay.io/org/app:v1 --after 500ms --exit-code 42');
    expect(run(s, 'sim image list')).toEqual({
      exitCode: 0,
      stderr: '',
      stdout: [
        'IMAGE                            PULL         RUN',
        'docker.io/library/nginx:latest   missing      runs',
        'quay.io/org/app:v1               slow 1m30s   crash after 500ms (exit 42)',
        '',
      ].join('\n'),
    });
  });

  it('keeps the rules across sim cluster: the registry is outside the cluster', () => {
    const s = new Session();
    ok(s, 'sim image missing nginx');
    const before = s.sim;
    ok(s, 'sim cluster kubeadm');
    expect(s.sim).not.toBe(before);
    expect(s.sim.registry.facts('nginx').exists).toBe(false);
    // and the new registry is its own: a rule set now does not reach the old simulation
    ok(s, 'sim image unready redis');
    expect(before.registry.rules.has('docker.io/library/redis:latest')).toBe(false);
  });

  it('refuses bad input with an error that names it, and changes nothing', () => {
    const s = new Session();
    ok(s, 'sim image crash app --after 1s --exit-code 7');
    const rulesBefore = [...s.sim.registry.rules];
    const errors: [string, string][] = [
      [
        'sim image',
        'error: unknown command "sim image"; one of: missing, ok, crash, oom, unready, slow, list',
      ],
      [
        'sim image pull nginx',
        'error: unknown command "sim image pull"; one of: missing, ok, crash, oom, unready, slow, list',
      ],
      ['sim image missing', 'error: sim image missing needs an IMAGE; usage: sim image missing IMAGE'],
      ['sim image ok', 'error: sim image ok needs an IMAGE; usage: sim image ok IMAGE'],
      ["sim image unready ''", 'error: sim image unready needs an IMAGE; usage: sim image unready IMAGE'],
      ['sim image missing app redis', 'error: unexpected argument "redis"; usage: sim image missing IMAGE'],
      ['sim image slow app 5s 6s', 'error: unexpected argument "6s"; usage: sim image slow IMAGE DURATION'],
      ['sim image list app', 'error: unexpected argument "app"; usage: sim image list'],
      [
        'sim image missing App',
        'error: invalid image reference "App": invalid reference format: repository name (library/App) must be lowercase',
      ],
      ['sim image crash app:1.0:2', 'error: invalid image reference "app:1.0:2": invalid reference format'],
      [
        'sim image crash app --exit-code 256',
        'error: invalid --exit-code 256: an exit code is from 0 to 255',
      ],
      ['sim image crash app --exit-code -1', 'error: invalid --exit-code -1: an exit code is from 0 to 255'],
      [
        'sim image crash app --exit-code one',
        'error: invalid argument "one" for "--exit-code" flag: strconv.ParseInt: parsing "one": invalid syntax\nSee \'sim image crash --help\' for usage.',
      ],
      [
        'sim image crash app --after',
        "error: flag needs an argument: --after\nSee 'sim image crash --help' for usage.",
      ],
      ['sim image crash app --after soon', 'error: invalid --after "soon" (examples: 500ms, 30s, 5m, 1h30m)'],
      ['sim image crash app --after -5s', 'error: invalid --after "-5s" (examples: 500ms, 30s, 5m, 1h30m)'],
      [
        'sim image oom app --after 721h',
        'error: --after 721h is longer than a session runs (720h (30 days))',
      ],
      [
        'sim image oom app --exit-code 1',
        "error: unknown flag: --exit-code\nSee 'sim image oom --help' for usage.",
      ],
      [
        'sim image unready app --after 5s',
        "error: unknown flag: --after\nSee 'sim image unready --help' for usage.",
      ],
      [
        'sim image slow app',
        'error: sim image slow needs a DURATION (the pull time: 500ms, 30s, 5m, 1h30m); usage: sim image slow IMAGE DURATION',
      ],
      ['sim image slow app 5', 'error: invalid pull time "5" (examples: 500ms, 30s, 5m, 1h30m)'],
      [
        'sim image missing app -n default',
        "error: unknown shorthand flag: 'n' in -n\nSee 'sim image missing --help' for usage.",
      ],
      [
        'sim image missing app --namespace=default',
        "error: unknown flag: --namespace\nSee 'sim image missing --help' for usage.",
      ],
      [
        'sim image list --kubeconfig x',
        "error: unknown flag: --kubeconfig\nSee 'sim image list --help' for usage.",
      ],
      [
        'sim image missing app --bogus',
        "error: unknown flag: --bogus\nSee 'sim image missing --help' for usage.",
      ],
    ];
    for (const [line, err] of errors)
      expect(run(s, line), line).toEqual({ exitCode: 1, stdout: '', stderr: `${err}\n` });
    expect([...s.sim.registry.rules]).toEqual(rulesBefore);
  });

  it('--help prints the verbs and changes nothing', () => {
    const s = new Session();
    for (const line of [
      'sim image --help',
      'sim image -h',
      'sim image crash --help',
      'sim image missing nginx -h',
    ]) {
      const r = run(s, line);
      expect(r.exitCode).toBe(0);
      expect(r.stdout).toMatch(/^Set how images pull and run/);
      for (const verb of ['missing', 'ok', 'crash', 'oom', 'unready', 'slow', 'list'])
        expect(r.stdout).toContain(`sim image ${verb} `);
    }
    expect(s.sim.registry.rules.size).toBe(0);
  });

  it('is one of the sim commands an unknown one lists', () => {
    expect(run(new Session(), 'sim images').stderr).toBe(
      'error: unknown command "sim images"; one of: cluster, node, pod, image, advance, step, settle, why\n',
    );
  });
});
