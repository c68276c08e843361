import { describe, expect, it } from 'vitest';
import type { Deployment } from '../../api/types';
import { runDef, simWithNodes } from '../../testing/kubectl';
import { createDeploymentCommand } from './createDeployment';
import { parseEnv, setEnvCommand, splitEnvironmentFromResources, updateEnv } from './setEnv';
import { selectString } from './setHelpers';

function withDeployment() {
  const sim = simWithNodes(['n1']);
  runDef(sim, createDeploymentCommand, 'web --image=nginx:1.27 --image=busybox:1.36');
  sim.settle();
  return sim;
}

const envOf = (sim: ReturnType<typeof withDeployment>, i = 0) =>
  (sim.store.get('Deployment', 'default', 'web') as Deployment).spec.template.spec.containers[i].env;

describe('kubectl set env', () => {
  it('splits resources from KEY=VAL and KEY- words (resources first)', () => {
    expect(splitEnvironmentFromResources(['deploy/web', 'A=1', 'B-'])).toEqual({
      resources: ['deploy/web'],
      envArgs: ['A=1', 'B-'],
    });
    expect(splitEnvironmentFromResources(['deploy', 'web', 'A=1'])?.resources).toEqual(['deploy', 'web']);
    expect(splitEnvironmentFromResources(['A=1', 'deploy/web'])).toBeNull();
  });

  it('parses values with = in them, empty values, and refuses bad names and set+remove', () => {
    expect(parseEnv(['URL=a=b', 'EMPTY=', 'GONE-'])).toEqual({
      env: [{ name: 'URL', value: 'a=b' }, { name: 'EMPTY' }],
      remove: ['GONE'],
    });
    expect(() => parseEnv(['1X=y'])).toThrow(/"1X" is not a valid key name/);
    expect(() => parseEnv(['A=1', 'A-'])).toThrow(/can not both modify and remove/);
  });

  it('updates in place, removes, and appends new variables in order (updateEnv)', () => {
    expect(
      updateEnv(
        [
          { name: 'A', value: '1' },
          { name: 'B', value: '2' },
          { name: 'C', value: '3' },
        ],
        [
          { name: 'D', value: '4' },
          { name: 'B', value: '20' },
        ],
        ['A'],
      ),
    ).toEqual([
      { name: 'B', value: '20' },
      { name: 'C', value: '3' },
      { name: 'D', value: '4' },
    ]);
  });

  it('matches containers with the non-greedy wildcard of selectString', () => {
    expect(selectString('nginx', '*')).toBe(true);
    expect(selectString('nginx', 'ng*')).toBe(true);
    expect(selectString('nginx', '*nx')).toBe(true);
    expect(selectString('nginx', 'nginx')).toBe(true);
    expect(selectString('busybox', 'ng*')).toBe(false);
    expect(selectString('nginx', 'ngin')).toBe(false);
  });

  it('changes every container of the template and a new ReplicaSet follows', () => {
    const sim = withDeployment();
    const r = runDef(sim, setEnvCommand, 'deployment/web MODE=prod');
    expect(r).toMatchObject({ stdout: 'deployment.apps/web env updated\n', exitCode: 0 });
    expect(envOf(sim, 0)).toEqual([{ name: 'MODE', value: 'prod' }]);
    expect(envOf(sim, 1)).toEqual([{ name: 'MODE', value: 'prod' }]);
    sim.settle();
    expect(sim.store.list('ReplicaSet', 'default')).toHaveLength(2);
  });

  it('-c picks the containers; a selector matching none warns and changes nothing', () => {
    const sim = withDeployment();
    runDef(sim, setEnvCommand, 'deploy/web -c busybox X=1');
    expect(envOf(sim, 0)).toBeUndefined();
    expect(envOf(sim, 1)).toEqual([{ name: 'X', value: '1' }]);
    const r = runDef(sim, setEnvCommand, 'deploy/web -c nope Y=1');
    expect(r).toMatchObject({
      stdout: '',
      stderr: 'Warning: Deployment/web does not have any containers matching "nope"\n',
      exitCode: 0,
    });
  });

  it('prints nothing when nothing changes, lists without writing, and refuses to overwrite with --overwrite=false', () => {
    const sim = withDeployment();
    runDef(sim, setEnvCommand, 'deploy/web A=1');
    const rv = sim.store.get('Deployment', 'default', 'web')!.metadata.resourceVersion;
    expect(runDef(sim, setEnvCommand, 'deploy/web A=1').text).toBe('');
    const list = runDef(sim, setEnvCommand, 'deploy/web -c nginx --list B=2');
    expect(list.stdout).toBe('# Deployment web, container nginx\nA=1\nB=2\n');
    const r = runDef(sim, setEnvCommand, 'deploy/web A=2 --overwrite=false');
    expect(r.stderr).toBe("error: deployments/web 'A' already has a value (1), and --overwrite is false\n");
    expect(r.exitCode).toBe(1);
    expect(sim.store.get('Deployment', 'default', 'web')!.metadata.resourceVersion).toBe(rv);
  });

  it('--dry-run=client prints the changed object and keeps the stored one', () => {
    const sim = withDeployment();
    const r = runDef(sim, setEnvCommand, 'deploy/web Z=9 --dry-run=client -o name');
    expect(r.stdout).toBe('deployment.apps/web\n');
    expect(envOf(sim)).toBeUndefined();
  });

  it('has no --record, and refuses --from for kinds the playground does not serve', () => {
    const sim = withDeployment();
    expect(runDef(sim, setEnvCommand, 'deploy/web X=1 --record').stderr).toMatch(
      /^error: unknown flag: --record/,
    );
    expect(runDef(sim, setEnvCommand, 'deploy/web --from=configmap/x').stderr).toBe(
      'error: the server doesn\'t have a resource type "configmap"\n',
    );
    expect(runDef(sim, setEnvCommand, 'deploy/web --from=deploy/web').stderr).toBe(
      'error: unsupported resource specified in --from\n',
    );
  });
});
