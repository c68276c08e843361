import { describe, expect, it } from 'vitest';
import { tokenize } from '../argv';
import { runKubectl } from '../index';
import { simWithNodes } from '../../testing/kubectl';
import type { Simulation } from '../../simulation';

function kc(sim: Simulation, line: string, stdin?: string) {
  const r = runKubectl(sim, tokenize(line), { stdin });
  const pick = (s: string) =>
    r.chunks
      .filter((c) => c.stream === s)
      .map((c) => c.text)
      .join('');
  return { stdout: pick('stdout'), stderr: pick('stderr'), exitCode: r.exitCode };
}

const DS = (image: string, extra = '') => `apiVersion: apps/v1
kind: DaemonSet
metadata:
  name: web
${extra}spec:
  selector:
    matchLabels:
      app: web
  template:
    metadata:
      labels:
        app: web
    spec:
      containers:
      - name: nginx
        image: ${image}
`;

describe('kubectl replace', () => {
  it('replaces labels and spec whole, refuses a stale resourceVersion, and says NotFound for a missing object', () => {
    const sim = simWithNodes(['n1']);
    kc(sim, 'apply -f -', DS('nginx:1.26', '  labels:\n    tier: web\n'));
    sim.settle();
    const r = kc(sim, 'replace -f -', DS('nginx:1.27'));
    expect(r).toEqual({ stdout: 'daemonset.apps/web replaced\n', stderr: '', exitCode: 0 });
    const ds = sim.store.get('DaemonSet', 'default', 'web')!;
    expect(ds.metadata.labels).toBeUndefined();
    expect(ds.spec.template.spec.containers[0].image).toBe('nginx:1.27');
    expect(ds.metadata.generation).toBe(2);
    const stale = kc(sim, 'replace -f -', DS('nginx:1.28', '  resourceVersion: "1"\n'));
    expect(stale.exitCode).toBe(1);
    expect(stale.stderr).toBe(
      'Error from server (Conflict): error when replacing "STDIN": Operation cannot be fulfilled on daemonsets.apps "web": the object has been modified; please apply your changes to the latest version and try again\n',
    );
    expect(kc(sim, 'replace -f -', DS('x').replace('name: web', 'name: nope')).stderr).toBe(
      'Error from server (NotFound): error when replacing "STDIN": daemonsets.apps "nope" not found\n',
    );
    expect(kc(sim, 'replace -f - --grace-period=3', DS('x')).stderr).toBe(
      'error: --grace-period must have --force specified\n',
    );
  });

  it('--force deletes, waits until the object is gone, and creates it again (new uid)', () => {
    const sim = simWithNodes(['n1']);
    kc(sim, 'apply -f -', DS('nginx:1.26'));
    sim.settle();
    const uid = sim.store.get('DaemonSet', 'default', 'web')!.metadata.uid;
    expect(kc(sim, 'replace --force -f -', DS('nginx:1.27')).stdout).toBe(
      'daemonset.apps "web" deleted from default namespace\ndaemonset.apps/web replaced\n',
    );
    expect(sim.store.get('DaemonSet', 'default', 'web')!.metadata.uid).not.toBe(uid);
  });
});

describe('kubectl diff', () => {
  it('exit status 0 with nothing to show, 1 with a diff, 2 on an error', () => {
    const sim = simWithNodes(['n1']);
    kc(sim, 'apply -f -', DS('nginx:1.26'));
    sim.settle();
    expect(kc(sim, 'diff -f -', DS('nginx:1.26'))).toEqual({ stdout: '', stderr: '', exitCode: 0 });
    const d = kc(sim, 'diff -f -', DS('nginx:1.27'));
    expect(d.exitCode).toBe(1);
    expect(d.stdout).toMatch(
      /^diff -u -N \/tmp\/LIVE-\d+\/apps\.v1\.DaemonSet\.default\.web \/tmp\/MERGED-\d+\/apps\.v1\.DaemonSet\.default\.web\n--- /,
    );
    expect(d.stdout).toContain('\n-      - image: nginx:1.26\n+      - image: nginx:1.27\n');
    expect(d.stdout).toContain('\n-  generation: 1\n+  generation: 2\n');
    // nothing was changed by the dry run
    expect(sim.store.get('DaemonSet', 'default', 'web')!.spec.template.spec.containers[0].image).toBe(
      'nginx:1.26',
    );
    expect(kc(sim, 'diff -f -', DS('nginx').replace('kind: DaemonSet', 'kind: StatefulSet')).exitCode).toBe(
      2,
    );
  });
});

describe('--validate', () => {
  it('alone means strict (pflag NoOptDefVal), and the directive reaches the server', () => {
    const sim = simWithNodes(['n1']);
    const bogus = DS('nginx').replace(
      '    spec:\n      containers:',
      '    spec:\n      bogus: 1\n      containers:',
    );
    const strict = kc(sim, 'create --validate -f -', bogus);
    expect(strict.exitCode).toBe(1);
    expect(strict.stderr).toContain('strict decoding error: unknown field "spec.template.spec.bogus"');
    expect(kc(sim, 'create --validate=warn -f -', bogus)).toEqual({
      stdout: 'daemonset.apps/web created\n',
      stderr: 'Warning: unknown field "spec.template.spec.bogus"\n',
      exitCode: 0,
    });
    expect(kc(sim, 'replace --validate=ignore -f -', bogus)).toEqual({
      stdout: 'daemonset.apps/web replaced\n',
      stderr: '',
      exitCode: 0,
    });
    expect(kc(sim, 'replace -f -', bogus).exitCode).toBe(1);
  });
});

describe('kubectl diff --server-side', () => {
  it('shows the field change without touching the last-applied annotation', () => {
    const sim = simWithNodes(['n1']);
    kc(sim, 'apply -f -', DS('nginx:1.26'));
    sim.settle();
    // client-side apply's manager owns the image: the server-side dry run conflicts, as a real server's does
    const c = kc(sim, 'diff --server-side -f -', DS('nginx:1.27'));
    expect(c.exitCode).toBe(2);
    expect(c.stderr).toMatch(
      /^Error from server \(Conflict\): Apply failed with 1 conflict: conflict with "kubectl-client-side-apply" using apps\/v1 at .*: \.spec\.template\.spec\.containers\[name="nginx"\]\.image\n/,
    );
    const d = kc(sim, 'diff --server-side --force-conflicts -f -', DS('nginx:1.27'));
    expect(d.exitCode).toBe(1);
    expect(d.stdout).toContain('+      - image: nginx:1.27\n');
    expect(d.stdout).not.toContain('last-applied-configuration: |\n-');
    expect(d.stdout).not.toMatch(/^[-+] {6}\{"apiVersion"/m);
  });
});

describe('kubectl replace -o', () => {
  it('prints the replaced object as name or YAML', () => {
    const sim = simWithNodes(['n1']);
    kc(sim, 'apply -f -', DS('nginx:1.26'));
    expect(kc(sim, 'replace -o name -f -', DS('nginx:1.27')).stdout).toBe('daemonset.apps/web\n');
    const y = kc(sim, 'replace -o yaml -f -', DS('nginx:1.28')).stdout;
    expect(y).toContain('  generation: 3\n');
    expect(y).toContain('image: nginx:1.28');
    expect(kc(sim, 'replace -o wide -f -', DS('x')).stderr).toContain(
      'unable to match a printer suitable for the output format "wide"',
    );
  });
});
