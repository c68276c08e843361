import { describe, expect, it } from 'vitest';
import type { Pod } from '../../api/types';
import { runDef, simWithNodes } from '../../testing/kubectl';
import { runCommand } from './run';

describe('kubectl run --overrides', () => {
  it('merges the JSON onto the generated pod: maps merge, lists replace, null deletes', () => {
    const sim = simWithNodes(['n1']);
    const r = runDef(
      sim,
      runCommand,
      `web --image=nginx:1.27 --overrides='{"metadata":{"labels":{"tier":"a"}},"spec":{"nodeSelector":{"disk":"ssd"},"containers":[{"name":"c","image":"busybox:1.36"}],"dnsPolicy":null}}'`,
    );
    expect(r).toMatchObject({ stdout: 'pod/web created\n', exitCode: 0 });
    const pod = sim.store.get('Pod', 'default', 'web') as Pod;
    expect(pod.metadata.labels).toEqual({ run: 'web', tier: 'a' });
    expect(pod.spec.nodeSelector).toEqual({ disk: 'ssd' });
    expect(pod.spec.containers.map((c) => [c.name, c.image])).toEqual([['c', 'busybox:1.36']]);
  });

  it('drops fields a Pod does not have, as the decoder does, and prints no namespace on a client dry run', () => {
    const sim = simWithNodes(['n1']);
    const r = runDef(
      sim,
      runCommand,
      `web --image=nginx --overrides='{"spec":{"bogus":1}}' --dry-run=client -o yaml`,
    );
    expect(r.stdout).not.toContain('bogus');
    expect(r.stdout).not.toContain('namespace:');
  });

  it('refuses bad JSON, a non-object, another kind and a wrongly typed value with the client words', () => {
    const sim = simWithNodes(['n1']);
    const err = (o: string) => runDef(sim, runCommand, ['web', '--image=nginx', `--overrides=${o}`]).stderr;
    expect(err('{bad')).toBe('error: Invalid JSON Patch\n');
    expect(err('3')).toBe('error: Invalid JSON Patch\n');
    expect(err('[1]')).toMatch(
      /^error: couldn't get version\/kind; json parse error: json: cannot unmarshal array/,
    );
    expect(err('{"kind":"Deployment"}')).toBe(
      'error: no kind "Deployment" is registered for version "v1" in scheme "pkg/scheme/scheme.go:28"\n',
    );
    expect(err('{"spec":{"priority":"x"}}')).toBe(
      'error: json: cannot unmarshal string into Go struct field PodSpec.spec.priority of type int32\n',
    );
    expect(sim.store.get('Pod', 'default', 'web')).toBeUndefined();
  });
});
