import { describe, expect, it } from 'vitest';
import type { Deployment } from '../../api/types';
import { runDef, simWithNodes } from '../../testing/kubectl';
import { CHANGE_CAUSE_ANNOTATION } from '../changeCause';
import { createDeploymentCommand } from './createDeployment';
import { canonicalQuantity } from './quantityText';
import { populateResourceList, setResourcesCommand } from './setResources';

function withDeployment() {
  const sim = simWithNodes(['n1']);
  runDef(sim, createDeploymentCommand, 'web --image=nginx:1.27');
  sim.settle();
  return sim;
}
const deploy = (sim: ReturnType<typeof withDeployment>) =>
  sim.store.get('Deployment', 'default', 'web') as Deployment;

describe('kubectl set resources', () => {
  it('reads quantities the way resource.Quantity prints them', () => {
    expect(canonicalQuantity('0.5')).toBe('500m');
    expect(canonicalQuantity('1000m')).toBe('1');
    expect(canonicalQuantity('1500m')).toBe('1500m');
    expect(canonicalQuantity('2000')).toBe('2k');
    expect(canonicalQuantity('0.5Gi')).toBe('512Mi');
    expect(canonicalQuantity('1536Mi')).toBe('1536Mi');
    expect(canonicalQuantity('2048Mi')).toBe('2Gi');
    expect(canonicalQuantity('1e3')).toBe('1e3');
  });

  it('parses cpu=…,memory=… and refuses a statement without =', () => {
    expect(populateResourceList('cpu=0.1,memory=256Mi')).toEqual(
      new Map([
        ['cpu', '100m'],
        ['memory', '256Mi'],
      ]),
    );
    expect(populateResourceList('')).toBeUndefined();
    expect(() => populateResourceList('cpu')).toThrow(
      'Invalid argument syntax cpu, expected <resource>=<value>',
    );
    expect(() => populateResourceList('cpu=lots')).toThrow(/quantities must match/);
  });

  it('sets limits and requests on the template; --record names the command', () => {
    const sim = withDeployment();
    const r = runDef(sim, setResourcesCommand, 'deploy/web --limits=cpu=200m --requests=cpu=0.1 --record');
    expect(r.stdout).toBe('deployment.apps/web resource requirements updated\n');
    const d = deploy(sim);
    expect(d.spec.template.spec.containers[0].resources).toMatchObject({
      limits: { cpu: '200m' },
      requests: { cpu: '100m' },
    });
    expect(d.metadata.annotations?.[CHANGE_CAUSE_ANNOTATION]).toBe(
      'kubectl set resources deploy/web --limits=cpu=200m --requests=cpu=0.1 --record=true',
    );
  });

  it('asks for an update, names a missing container, and is silent when nothing changes', () => {
    const sim = withDeployment();
    expect(runDef(sim, setResourcesCommand, 'deploy/web').stderr).toBe(
      'error: you must specify an update to requests or limits (in the form of --requests/--limits)\n',
    );
    expect(runDef(sim, setResourcesCommand, 'deploy/web -c nope --limits=cpu=1').stderr).toBe(
      'error: unable to find container named nope\n',
    );
    runDef(sim, setResourcesCommand, 'deploy/web --limits=cpu=1');
    expect(runDef(sim, setResourcesCommand, 'deploy/web --limits=cpu=1000m').text).toBe('');
  });
});
