// kubectl get's output options on the article cluster: -o jsonpath / jsonpath-as-json /
// custom-columns / go-template, --sort-by, -L, get all, --raw, --watch; completion of the new words.

import { describe, expect, it } from 'vitest';
import { articleCluster } from '../../testing/printerFixtures';
import { runDef } from '../../testing/kubectl';
import { getCommand } from './get';

const sim = articleCluster();
const get = (line: string) =>
  runDef(sim, getCommand, line, {
    readFile: (p) => {
      if (p === 'cols.txt') return 'NAME NODE\n.metadata.name .spec.nodeName\n';
      throw new Error('ENOENT: no such file or directory');
    },
  });

describe('kubectl get -o jsonpath', () => {
  it('ranges over items with tabs and newlines', () => {
    expect(
      get(
        `pods -n kube-system -o 'jsonpath={range .items[*]}{.metadata.name}{"\\t"}{.spec.nodeName}{"\\n"}{end}'`,
      ).stdout,
    ).toBe('fluentd-elasticsearch-dqfv9\tmaster\nfluentd-elasticsearch-pf9z5\tnode-1\n');
  });
  it('prints a single object, lists as JSON, and filters', () => {
    expect(get(`nodes node-1 -o jsonpath={.metadata.name}`).stdout).toBe('node-1');
    expect(
      get(`nodes -o 'jsonpath={.items[?(@.metadata.name=="master")].spec.taints[*].effect}'`).stdout,
    ).toBe('NoSchedule');
    expect(get(`nodes master -o jsonpath={.spec.taints}`).stdout).toBe(
      '[{"effect":"NoSchedule","key":"node-role.kubernetes.io/master"}]',
    );
    expect(get(`nodes -o jsonpath-as-json={.items[*].metadata.name}`).stdout).toBe(
      '[\n    "master",\n    "node-1"\n]\n',
    );
  });
  it('reports parse and execution errors as kubectl does', () => {
    expect(get('nodes -o jsonpath={.items[').stderr).toBe(
      'error: error parsing jsonpath {.items[, unterminated array\n',
    );
    const r = get('nodes node-1 -o jsonpath={.metadata.name[0]}');
    expect(r.exitCode).toBe(1);
    expect(r.stderr).toMatch(
      /^error: error executing jsonpath "\{\.metadata\.name\[0\]\}": Error executing template: string is not array or slice\. Printing more information for debugging the template:\n\ttemplate was:\n\t\t\{\.metadata\.name\[0\]\}\n\tobject given to jsonpath engine was:\n\t\tmap\[string\]interface \{\}\{"apiVersion":"v1", /,
    );
    expect(get('nodes -o jsonpath').stderr).toBe('error: template format specified but no template given\n');
    expect(get('nodes -o jsonpath-file=nope.txt').stderr).toBe(
      'error: error reading --template nope.txt, open nope.txt: no such file or directory\n',
    );
  });
});

describe('kubectl get -o custom-columns / go-template', () => {
  it('prints columns with <none> for missing values', () => {
    expect(get('nodes -o custom-columns=NAME:.metadata.name,TAINT:.spec.taints[*].key').stdout).toBe(
      'NAME     TAINT\nmaster   node-role.kubernetes.io/master\nnode-1   <none>\n',
    );
    expect(get('nodes --no-headers -o custom-columns=NAME:.metadata.name').stdout).toBe('master\nnode-1\n');
    expect(get('pods -n kube-system -o custom-columns-file=cols.txt').stdout).toBe(
      'NAME                          NODE\nfluentd-elasticsearch-dqfv9   master\nfluentd-elasticsearch-pf9z5   node-1\n',
    );
    expect(get('nodes -o custom-columns=NAME').stderr).toBe(
      'error: unexpected custom-columns spec: NAME, expected <header>:<json-path-expr>\n',
    );
  });
  it('runs go templates with kubectl semantics', () => {
    expect(
      get(
        `nodes -o 'go-template={{range .items}}{{.metadata.name}}:{{len .status.conditions}}{{"\\n"}}{{end}}'`,
      ).stdout,
    ).toBe('master:4\nnode-1:4\n');
    expect(get('nodes node-1 -o go-template={{.nope}}').stdout).toBe('<no value>');
    expect(get('nodes node-1 -o go-template={{.x').stderr).toBe(
      'error: error parsing template {{.x, template: output:1: unclosed action\n',
    );
  });
});

describe('kubectl get --sort-by, -L, all, --raw', () => {
  it('sorts and adds label columns', () => {
    const r = get('pods -n kube-system --sort-by=.spec.nodeName -L k8s-app -L name').stdout.split('\n');
    expect(r[0]).toMatch(/^NAME +READY +STATUS +RESTARTS +AGE +K8S-APP +NAME$/);
    // The server-side Table cannot be sorted: kubectl's get prints nothing for it (checked with the real kubectl).
    expect(get('pods -n kube-system --sort-by=.nope')).toMatchObject({
      stdout: '',
      stderr: 'No resources found in kube-system namespace.\n',
      exitCode: 0,
    });
    expect(get('pods -n kube-system --sort-by=.nope -o name').stderr).toBe(
      'error: couldn\'t find any field with path "{.nope}" in the list of objects\n',
    );
  });
  it('get all shows pods and daemon sets with their kinds, one table each', () => {
    const out = get('all -n kube-system').stdout;
    expect(out).toMatch(
      /^NAME +READY +STATUS +RESTARTS +AGE\npod\/fluentd-elasticsearch-dqfv9 .*\npod\/fluentd-elasticsearch-pf9z5 .*\n\nNAME +DESIRED .*\ndaemonset\.apps\/fluentd-elasticsearch +2 /,
    );
    expect(get('all').stderr).toBe('No resources found in default namespace.\n');
  });
  it('answers raw paths the API server serves', () => {
    expect(get('--raw /healthz').stdout).toBe('ok');
    expect(JSON.parse(get('--raw /api/v1/namespaces/kube-system/pods').stdout).items).toHaveLength(2);
    expect(JSON.parse(get('--raw /apis').stdout).groups[0].name).toBe('apps');
    expect(get('--raw /nope')).toMatchObject({
      stderr: 'Error from server (NotFound): the server could not find the requested resource\n',
      exitCode: 1,
    });
  });
});

describe('kubectl get --watch (CLI: until quiet)', () => {
  it('prints the listing, then rows as the cluster changes', () => {
    const s = articleCluster();
    runDef(s, getCommand, 'nodes');
    const r = runDef(s, { ...getCommand, name: 'get' }, 'pods -n kube-system -w --request-timeout=1s');
    expect(r.stdout.split('\n')[0]).toMatch(/^NAME +READY/);
    expect(r.exitCode).toBe(0);
  });
  it('refuses several types', () => {
    expect(get('pods,ds -w').stderr).toBe('error: you may only specify a single resource type\n');
  });
});
