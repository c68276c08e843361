import { describe, expect, it } from 'vitest';
import { Simulation } from '../../simulation';
import { runDef } from '../../testing/kubectl';
import { createCommand } from './create';
import { applyCommand } from './apply';
import { FLUENTD_YAML } from '../../testing/builders';
import { LAST_APPLIED_ANNOTATION } from './applyMerge';
import { parseArgs } from '../argv';
import { Output } from '../types';

const NODE = 'apiVersion: v1\nkind: Node\nmetadata:\n  name: n1\n';

function setup(files: Record<string, string>) {
  const sim = new Simulation();
  const opts = {
    readFile: (f: string) => {
      if (!(f in files)) throw new Error('ENOENT');
      return files[f];
    },
  };
  return { sim, files, opts };
}

describe('kubectl create -f', () => {
  it('creates every object and names them with their group', () => {
    const { sim, opts } = setup({ 'ds.yaml': `${FLUENTD_YAML}---\n${NODE}` });
    const r = runDef(sim, createCommand, '-f ds.yaml', opts);
    expect(r).toMatchObject({
      stdout: 'daemonset.apps/fluentd-elasticsearch created\nnode/n1 created\n',
      stderr: '',
      exitCode: 0,
    });
    expect(sim.store.get('DaemonSet', 'kube-system', 'fluentd-elasticsearch')).toBeDefined();
  });

  it('reports AlreadyExists with the file name and still creates the others', () => {
    const { sim, opts } = setup({ 'ds.yaml': FLUENTD_YAML, 'both.yaml': `${FLUENTD_YAML}---\n${NODE}` });
    runDef(sim, createCommand, '-f ds.yaml', opts);
    const r = runDef(sim, createCommand, '-f both.yaml', opts);
    expect(r.stdout).toBe('node/n1 created\n');
    expect(r.stderr).toBe(
      'Error from server (AlreadyExists): error when creating "both.yaml": daemonsets.apps "fluentd-elasticsearch" already exists\n',
    );
    expect(r.exitCode).toBe(1);
  });

  it('lists several failures one per line (MultipleErrors)', () => {
    const { sim, opts } = setup({
      'x.yaml': `${NODE}---\n${NODE}---\napiVersion: v1\nkind: Foo\nmetadata:\n  name: f\n`,
    });
    const r = runDef(sim, createCommand, '-f x.yaml', opts);
    expect(r.stdout).toBe('node/n1 created\n');
    expect(r.stderr).toBe(
      'Error from server (AlreadyExists): error when creating "x.yaml": nodes "n1" already exists\n' +
        'resource mapping not found for name: "f" namespace: "" from "x.yaml": no matches for kind "Foo" in version "v1"\nensure CRDs are installed first\n',
    );
  });

  it('prints a single client error with the error: prefix', () => {
    const { sim, opts } = setup({
      'x.yaml': 'apiVersion: extensions/v1beta1\nkind: DaemonSet\nmetadata:\n  name: d\n',
    });
    const r = runDef(sim, createCommand, '-f x.yaml', opts);
    expect(r.stderr).toBe(
      'error: resource mapping not found for name: "d" namespace: "" from "x.yaml": no matches for kind "DaemonSet" in version "extensions/v1beta1"\nensure CRDs are installed first\n',
    );
  });

  it('rejects a bad quantity without touching the store', () => {
    const bad = FLUENTD_YAML.replace('cpu: 100m', 'cpu: abc');
    const { sim, opts } = setup({ 'ds.yaml': bad });
    const rv = sim.store.resourceVersion();
    const r = runDef(sim, createCommand, '-f ds.yaml', opts);
    expect(r.stderr).toBe(
      `Error from server (BadRequest): error when creating "ds.yaml": DaemonSet in version "v1" cannot be handled as a DaemonSet: quantities must match the regular expression '^([+-]?[0-9.]+)([eEinumkKMGTP]*[-+]?[0-9]*)$'\n`,
    );
    expect(sim.store.resourceVersion()).toBe(rv);
  });

  it('prints validation errors the way kubectl prints Invalid', () => {
    const bad = FLUENTD_YAML.replace(
      '      labels:\n        name: fluentd-elasticsearch',
      '      labels:\n        name: other',
    );
    const { sim, opts } = setup({ 'ds.yaml': bad });
    const r = runDef(sim, createCommand, '-f ds.yaml', opts);
    expect(r.stderr).toMatch(
      /^The DaemonSet "fluentd-elasticsearch" is invalid: spec\.template\.metadata\.labels: Invalid value: .*`selector` does not match template `labels`\n$/,
    );
    expect(sim.store.get('DaemonSet', 'kube-system', 'fluentd-elasticsearch')).toBeUndefined();
  });

  it('supports dry runs', () => {
    const { sim, opts } = setup({ 'n.yaml': NODE });
    expect(runDef(sim, createCommand, '-f n.yaml --dry-run=client', opts).stdout).toBe(
      'node/n1 created (dry run)\n',
    );
    expect(runDef(sim, createCommand, '-f n.yaml --dry-run=server', opts).stdout).toBe(
      'node/n1 created (server dry run)\n',
    );
    expect(sim.store.get('Node', undefined, 'n1')).toBeUndefined();
  });

  it('records the change-cause with --record', () => {
    const { sim, opts } = setup({ 'ds.yaml': FLUENTD_YAML });
    const r = runDef(sim, createCommand, '-f ds.yaml --record', opts);
    expect(r.text).toBe(
      'Flag --record has been deprecated, --record will be removed in the future\ndaemonset.apps/fluentd-elasticsearch created\n',
    );
    const ds = sim.store.get('DaemonSet', 'kube-system', 'fluentd-elasticsearch')!;
    expect(ds.metadata.annotations?.['kubernetes.io/change-cause']).toBe(
      'kubectl create --filename=ds.yaml --record=true',
    );
  });

  it('needs -f', () => {
    expect(runDef(new Simulation(), createCommand, '').stderr).toBe('error: must specify one of -f and -k\n');
    expect(runDef(new Simulation(), createCommand, '-f -', { stdin: '' }).stderr).toBe(
      'error: no objects passed to create\n',
    );
  });
});

describe('kubectl apply -f', () => {
  it('creates, then reports unchanged, then configured', () => {
    const { sim, files, opts } = setup({ 'ds.yaml': FLUENTD_YAML });
    expect(runDef(sim, applyCommand, '-f ds.yaml', opts).stdout).toBe(
      'daemonset.apps/fluentd-elasticsearch created\n',
    );
    const ds = sim.store.get('DaemonSet', 'kube-system', 'fluentd-elasticsearch')!;
    const applied = ds.metadata.annotations![LAST_APPLIED_ANNOTATION];
    expect(applied.endsWith('}\n')).toBe(true);
    expect(
      applied.startsWith(
        '{"apiVersion":"apps/v1","kind":"DaemonSet","metadata":{"annotations":{},"labels":{"k8s-app":"fluentd-logging"},"name":"fluentd-elasticsearch","namespace":"kube-system"},"spec":',
      ),
    ).toBe(true);

    expect(runDef(sim, applyCommand, '-f ds.yaml', opts).stdout).toBe(
      'daemonset.apps/fluentd-elasticsearch unchanged\n',
    );

    files['ds.yaml'] = FLUENTD_YAML.replace(
      'image: k8s.gcr.io/fluentd-elasticsearch:1.20',
      'image: k8s.gcr.io/fluentd-elasticsearch:v2.2.0',
    );
    expect(runDef(sim, applyCommand, '-f ds.yaml', opts).stdout).toBe(
      'daemonset.apps/fluentd-elasticsearch configured\n',
    );
    const after = sim.store.get('DaemonSet', 'kube-system', 'fluentd-elasticsearch')!;
    expect(after.spec.template.spec.containers[0].image).toBe('k8s.gcr.io/fluentd-elasticsearch:v2.2.0');
    expect(after.metadata.annotations?.['deprecated.daemonset.template.generation']).toBe('2');
  });

  it('removes labels dropped from the manifest and keeps ones added by others', () => {
    const { sim, files, opts } = setup({
      'ds.yaml': FLUENTD_YAML.replace(
        '    k8s-app: fluentd-logging',
        '    k8s-app: fluentd-logging\n    tier: logging',
      ),
    });
    runDef(sim, applyCommand, '-f ds.yaml', opts);
    const live = sim.store.get('DaemonSet', 'kube-system', 'fluentd-elasticsearch')!;
    sim.store.update({
      ...live,
      metadata: { ...live.metadata, labels: { ...live.metadata.labels, team: 'x' } },
    });
    files['ds.yaml'] = FLUENTD_YAML;
    expect(runDef(sim, applyCommand, '-f ds.yaml', opts).stdout).toBe(
      'daemonset.apps/fluentd-elasticsearch configured\n',
    );
    expect(sim.store.get('DaemonSet', 'kube-system', 'fluentd-elasticsearch')!.metadata.labels).toEqual({
      'k8s-app': 'fluentd-logging',
      team: 'x',
    });
  });

  it('warns when the live object was not created by apply', () => {
    const { sim, opts } = setup({ 'n.yaml': NODE });
    runDef(sim, createCommand, '-f n.yaml', opts);
    const r = runDef(sim, applyCommand, '-f n.yaml', opts);
    expect(r.text).toBe(
      'Warning: resource nodes/n1 is missing the kubectl.kubernetes.io/last-applied-configuration annotation which is required by kubectl apply. kubectl apply should only be used on resources created declaratively by either kubectl create --save-config or kubectl apply. The missing annotation will be patched automatically.\nnode/n1 configured\n',
    );
  });

  it('records the change-cause inside last-applied too', () => {
    const { sim, opts } = setup({ 'ds.yaml': FLUENTD_YAML });
    runDef(sim, applyCommand, '-f ds.yaml --record', opts);
    const ds = sim.store.get('DaemonSet', 'kube-system', 'fluentd-elasticsearch')!;
    expect(ds.metadata.annotations?.['kubernetes.io/change-cause']).toBe(
      'kubectl apply --filename=ds.yaml --record=true',
    );
    expect(ds.metadata.annotations?.[LAST_APPLIED_ANNOTATION]).toContain(
      '"kubernetes.io/change-cause":"kubectl apply --filename=ds.yaml --record=true"',
    );
  });

  it('reads a heredoc from stdin', () => {
    const sim = new Simulation();
    expect(runDef(sim, applyCommand, '-f -', { stdin: NODE }).stdout).toBe('node/n1 created\n');
  });
});

describe('editor diagnostics', () => {
  it('marks the failing document and line', () => {
    const sim = new Simulation();
    const text = `${NODE}---\napiVersion: v1\nkind: Node\nmetadata:\n  name: a: b\n`;
    const r = runDefWithDiagnostics(sim, text);
    expect(r).toEqual([
      {
        document: 1,
        line: 9,
        message:
          'error: error parsing STDIN: error converting YAML to JSON: yaml: line 4: mapping values are not allowed in this context',
      },
    ]);
  });
});

function runDefWithDiagnostics(sim: Simulation, stdin: string) {
  const out = new Output();
  try {
    createCommand.run({
      sim,
      opts: { stdin },
      out,
      namespace: 'default',
      namespaceExplicit: false,
      args: parseArgs(['-f', '-'], createCommand.flags, 'kubectl create'),
      argv: [],
    });
  } catch {
    // the error text is checked elsewhere
  }
  return out.diagnostics;
}
