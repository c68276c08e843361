import { describe, expect, it } from 'vitest';
import { runDef, simWithNodes } from '../../testing/kubectl';
import { createDeploymentCommand } from './createDeployment';
import { labelCommand } from './label';
import { rolloutRestartCommand } from './rolloutRestart';
import { setEnvCommand } from './setEnv';
import { setImageCommand } from './setImage';
import { setResourcesCommand } from './setResources';

/** Deployments web and api labelled tier=front, batch without the label. */
function withDeployments() {
  const sim = simWithNodes(['n1']);
  for (const name of ['web', 'api', 'batch'])
    runDef(sim, createDeploymentCommand, `${name} --image=nginx:1.27 --replicas=1`);
  runDef(sim, labelCommand, 'deploy web api tier=front');
  sim.settle();
  return sim;
}

describe('the builder behind label, set and rollout restart (builderTargets)', () => {
  it('rollout restart -l restarts each matching object, one line each', () => {
    const sim = withDeployments();
    expect(runDef(sim, rolloutRestartCommand, 'deploy -l tier=front')).toMatchObject({
      stdout: 'deployment.apps/api restarted\ndeployment.apps/web restarted\n',
      exitCode: 0,
    });
  });

  it('rollout restart of a lone TYPE restarts every object of it; none found is said on stderr', () => {
    const sim = withDeployments();
    expect(runDef(sim, rolloutRestartCommand, 'deploy').stdout).toBe(
      'deployment.apps/api restarted\ndeployment.apps/batch restarted\ndeployment.apps/web restarted\n',
    );
    expect(runDef(sim, rolloutRestartCommand, 'ds -n kube-system')).toEqual({
      stdout: '',
      stderr: 'No resources found in kube-system namespace.\n',
      text: 'No resources found in kube-system namespace.\n',
      exitCode: 0,
    });
  });

  it('refuses names and TYPE/NAME beside a selector, in the builder words', () => {
    const sim = withDeployments();
    for (const def of [rolloutRestartCommand, labelCommand]) {
      const tail = def === labelCommand ? ' x=y' : '';
      expect(runDef(sim, def, `deploy web -l tier=front${tail}`).stderr).toBe(
        'error: name cannot be provided when a selector is specified\n',
      );
      expect(runDef(sim, def, `deploy/web -l tier=front${tail}`).stderr).toBe(
        'error: selectors and the all flag cannot be used when passing resource/name arguments\n',
      );
    }
    expect(runDef(sim, setEnvCommand, 'deploy web -l tier=front A=1').stderr).toBe(
      'error: name cannot be provided when a selector is specified\n',
    );
    expect(runDef(sim, setResourcesCommand, 'deploy/web -l tier=front --limits=cpu=1').stderr).toBe(
      'error: selectors and the all flag cannot be used when passing resource/name arguments\n',
    );
  });

  it('a malformed selector is the server 400 once per type, all printed', () => {
    const sim = withDeployments();
    const r = runDef(sim, rolloutRestartCommand, ['deploy,ds', '-l', 'tier in (front']);
    expect(r.stderr.split('\n').filter(Boolean)).toEqual([
      `Error from server (BadRequest): Unable to find "apps/v1, Resource=deployments" that match label selector "tier in (front", field selector "": unable to parse requirement: found '', expected: ',' or ')'`,
      `Error from server (BadRequest): Unable to find "apps/v1, Resource=daemonsets" that match label selector "tier in (front", field selector "": unable to parse requirement: found '', expected: ',' or ')'`,
    ]);
    expect(r.exitCode).toBe(1);
  });

  it('rollout restart keeps going past a name not found', () => {
    const sim = withDeployments();
    const r = runDef(sim, rolloutRestartCommand, 'deploy nope web');
    expect(r.text).toBe(
      'deployment.apps/web restarted\nError from server (NotFound): deployments.apps "nope" not found\n',
    );
    expect(r.exitCode).toBe(1);
  });

  it('set image with -l or --all updates each object; nothing found prints nothing', () => {
    const sim = withDeployments();
    expect(runDef(sim, setImageCommand, 'deploy -l tier=front nginx=nginx:1.28').stdout).toBe(
      'deployment.apps/api image updated\ndeployment.apps/web image updated\n',
    );
    expect(runDef(sim, setImageCommand, 'deploy --all nginx=nginx:1.28').stdout).toBe(
      'deployment.apps/batch image updated\n',
    );
    expect(runDef(sim, setImageCommand, 'deploy -l tier=back nginx=nginx:1.29')).toMatchObject({
      text: '',
      exitCode: 0,
    });
  });

  it('set image runs the builder before its validation, whose errors are lines of an aggregate', () => {
    const sim = withDeployments();
    expect(runDef(sim, setImageCommand, 'deploy --all -l tier=front').stderr).toBe(
      'cannot set --all and --selector at the same time\nat least one image update is required\n',
    );
    expect(runDef(sim, setImageCommand, 'deploy').stderr).toBe(
      'error: resource(s) were provided, but no name was specified\n',
    );
    expect(runDef(sim, setImageCommand, '-l tier=front nginx=x').stderr).toBe(
      'error: at least one resource must be specified to use a selector\n',
    );
    expect(runDef(sim, setImageCommand, '').stderr).toMatch(
      /^error: You must provide one or more resources by argument or filename\./,
    );
  });
});
