import { describe, expect, it } from 'vitest';
import { articleCluster } from '../../testing/printerFixtures';
import { runDef } from '../../testing/kubectl';
import { patchCommand, patchToJSON } from './patch';
import { waitCommand } from './wait';
import type { DaemonSet } from '../../api/types';

describe('kubectl patch', () => {
  it('merges a container by name and keeps its other fields; a second run changes nothing', () => {
    const sim = articleCluster();
    const p = `ds fluentd-elasticsearch -n kube-system -p '{"spec":{"template":{"spec":{"containers":[{"name":"fluentd-elasticsearch","image":"fluentd:2"}]}}}}'`;
    const before = sim.store.get('DaemonSet', 'kube-system', 'fluentd-elasticsearch') as DaemonSet;
    expect(runDef(sim, patchCommand, p).stdout).toBe('daemonset.apps/fluentd-elasticsearch patched\n');
    const after = sim.store.get('DaemonSet', 'kube-system', 'fluentd-elasticsearch') as DaemonSet;
    const c0 = after.spec.template.spec.containers[0];
    expect(c0.image).toBe('fluentd:2');
    expect(c0.volumeMounts).toEqual(before.spec.template.spec.containers[0].volumeMounts);
    expect(after.metadata.generation).toBe((before.metadata.generation ?? 0) + 1);
    expect(runDef(sim, patchCommand, p).stdout).toBe(
      'daemonset.apps/fluentd-elasticsearch patched (no change)\n',
    );
  });
  it('dry runs do not write; -o prints the patched object', () => {
    const sim = articleCluster();
    const r = runDef(
      sim,
      patchCommand,
      `node node-1 -p '{"spec":{"unschedulable":true}}' --dry-run=client -o jsonpath={.spec.unschedulable}`,
    );
    expect(r.stdout).toBe('true');
    expect(sim.store.get('Node', undefined, 'node-1')?.spec).not.toHaveProperty('unschedulable', true);
    expect(
      runDef(sim, patchCommand, `node node-1 -p '{"spec":{"unschedulable":true}}' --dry-run=server`).stdout,
    ).toBe('node/node-1 patched\n');
    expect(sim.store.get('Node', undefined, 'node-1')?.spec).not.toHaveProperty('unschedulable', true);
  });
  it('gives the API server and kubectl errors for bad patches', () => {
    const sim = articleCluster();
    const err = (line: string) => runDef(sim, patchCommand, line).stderr;
    expect(
      err(
        `ds fluentd-elasticsearch -n kube-system -p '{"spec":{"template":{"spec":{"containers":[{"image":"x"}]}}}}'`,
      ),
    ).toBe('Error from server: map: map[image:x] does not contain declared merge key: name\n');
    expect(err(`node node-1 -p '{bad'`)).toBe(
      "Error from server (BadRequest): invalid character 'b' looking for beginning of object key string\n",
    );
    expect(err(`node node-1 -p '[1]'`)).toBe(
      'Error from server (BadRequest): json: cannot unmarshal array into Go value of type map[string]interface {}\n',
    );
    expect(err(`node node-1 --type merge -p '{bad'`)).toBe(
      'Error from server (BadRequest): Invalid JSON Patch\n',
    );
    expect(err(`node node-1 --type json -p '{"op":"add"}'`)).toBe(
      'Error from server (BadRequest): json: cannot unmarshal object into Go value of type jsonpatch.Patch\n',
    );
    expect(err(`node node-1 --type json -p '[{"op":"remove","path":"/nope"}]'`)).toBe(
      "The request is invalid: : error in remove for path: '/nope': Unable to remove nonexistent key: nope: missing value\n",
    );
    expect(err(`node node-1 -p '{}' --patch-file x.json`)).toBe(
      'error: cannot specify --patch and --patch-file together\n',
    );
    expect(err(`node node-1 --patch-file x.json`)).toBe(
      'error: unable to read patch file: open x.json: no such file or directory\n',
    );
    expect(err(`node node-1 --type Bogus -p '{}'`)).toBe(
      'error: --type must be one of [json merge strategic], not "Bogus"\n',
    );
    expect(err(`node node-1 --local -p '{}'`)).toBe('error: cannot specify --local and server resources\n');
    expect(err(`node nope -p '{}'`)).toBe('Error from server (NotFound): nodes "nope" not found\n');
    expect(err(`-p '{}'`)).toMatch(
      /^error: You must provide one or more resources by argument or filename\./,
    );
  });
  it('reads YAML patches, also in bash ANSI-C quotes as in kubectl patch --help', () => {
    const sim = articleCluster();
    expect(runDef(sim, patchCommand, "node node-1 -p $'spec:\\n unschedulable: true'").stdout).toBe(
      'node/node-1 patched\n',
    );
    expect(sim.store.get('Node', undefined, 'node-1')?.spec).toHaveProperty('unschedulable', true);
    expect(patchToJSON('spec: {unschedulable: true}', '')).toBe('{"spec":{"unschedulable":true}}');
    expect(patchToJSON('  {"a":1}', '')).toBe('  {"a":1}');
    expect(() => patchToJSON('a: b: c', 'a: b: c')).toThrow(
      'unable to parse "a: b: c": yaml: mapping values are not allowed in this context',
    );
  });
  it('takes a patch as kubectl 1.33.1 does: JSON (after Go white space) as it is, YAML with go-yaml line breaks', () => {
    const json = '{"metadata":{"annotations":{"k":"a\u2028b"}}}';
    expect(patchToJSON(json, '')).toBe(json);
    expect(patchToJSON(`\u00a0${json}`, '')).toBe(`\u00a0${json}`); // the server then refuses it: Invalid JSON Patch
    expect(
      JSON.parse(patchToJSON('metadata:\n  annotations:\n    k: "a\u0085b"\n    j: x\u2028      y\n', '')),
    ).toEqual({ metadata: { annotations: { k: 'a b', j: 'x\u2028y' } } });
    const flow = 'metadata: {annotations: {"a\u2028": x}}';
    expect(() => patchToJSON(flow, flow)).toThrow(
      `unable to parse "metadata: {annotations: {\\"a\\u2028\\": x}}": yaml: line 1: did not find expected ',' or '}'`,
    );
    const block = 'metadata:\n  annotations:\n    k: "a\u0085b"\n    j: x\u2028    y\n';
    expect(() => patchToJSON(block, block)).toThrow(
      `unable to parse "metadata:\\n  annotations:\\n    k: \\"a\\u0085b\\"\\n    j: x\\u2028    y\\n": yaml: line 7: could not find expected ':'`,
    );
  });
});

describe('kubectl wait', () => {
  it('waits in simulated time and says when the condition is met or not', () => {
    const sim = articleCluster();
    const t0 = sim.now();
    expect(runDef(sim, waitCommand, '--for=condition=Ready node/node-1').stdout).toBe(
      'node/node-1 condition met\n',
    );
    expect(sim.now()).toBe(t0);
    const r = runDef(sim, waitCommand, '--for=condition=Bogus node/node-1 --timeout=10s');
    expect(r.stderr).toBe('error: timed out waiting for the condition on nodes/node-1\n');
    expect(sim.now()).toBe(t0 + 10_000);
    expect(runDef(sim, waitCommand, '--for=jsonpath={.spec.podCIDR}=10.244.1.0/24 node/node-1').stdout).toBe(
      'node/node-1 condition met\n',
    );
    expect(runDef(sim, waitCommand, '--for=bogus node/node-1').stderr).toBe(
      'error: unrecognized condition: "bogus"\n',
    );
    expect(runDef(sim, waitCommand, '--for=condition=Ready pods -l app=none').stderr).toBe(
      'error: no matching resources found\n',
    );
  });
});
