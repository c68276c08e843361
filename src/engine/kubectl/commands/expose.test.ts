import { describe, expect, it } from 'vitest';
import { runDef, simWithNodes } from '../../testing/kubectl';
import { commandHelp } from '../index';
import { autoscaleCommand } from './autoscale';
import { createDeploymentCommand } from './createDeployment';
import { createService, exposeCommand } from './expose';

const base = {
  name: '',
  defaultName: 'web',
  selector: 'app=web',
  port: '',
  ports: '',
  labels: '',
  externalIP: '',
  loadBalancerIP: '',
  type: '',
  protocol: '',
  protocols: '',
  targetPort: '',
  sessionAffinity: '',
  clusterIP: '',
};

function withDeployments() {
  const sim = simWithNodes(['n1']);
  runDef(sim, createDeploymentCommand, 'web --image=nginx:1.27 --port=8080');
  runDef(sim, createDeploymentCommand, 'plain --image=nginx:1.27');
  return sim;
}

describe('kubectl expose', () => {
  it('createService: one port per protocol the object serves on it, named port-N-proto', () => {
    const svc = createService({ ...base, ports: '53,9153', protocols: '53/UDP,53/TCP,9153/TCP' });
    expect((svc.spec as { ports: unknown }).ports).toEqual([
      { name: 'port-1-udp', protocol: 'UDP', port: 53, targetPort: 53 },
      { name: 'port-1-tcp', protocol: 'TCP', port: 53, targetPort: 53 },
      { name: 'port-2', protocol: 'TCP', port: 9153, targetPort: 9153 },
    ]);
    // --protocol stomps the object's protocols
    const tcp = createService({ ...base, port: '53', protocol: 'SCTP', protocols: '53/UDP,53/TCP' });
    expect((tcp.spec as { ports: unknown }).ports).toEqual([{ protocol: 'SCTP', port: 53, targetPort: 53 }]);
  });

  it('takes the port from the template when --port is not given, and the selector from the Deployment', () => {
    const r = runDef(withDeployments(), exposeCommand, 'deploy web --dry-run=client -o jsonpath={.spec}');
    expect(r.stdout).toBe(
      '{"ports":[{"port":8080,"protocol":"TCP","targetPort":8080}],"selector":{"app":"web"}}',
    );
    const none = runDef(withDeployments(), exposeCommand, 'deploy plain');
    expect(none.stderr).toBe("error: couldn't find port via --port flag or introspection\n");
  });

  it('keeps the first object’s introspected port and selector for the next one, as upstream’s options do', () => {
    const r = runDef(withDeployments(), exposeCommand, [
      'deploy',
      'web',
      'plain',
      '--dry-run=client',
      '-o',
      'jsonpath={.metadata.name} {.spec.selector.app} {.spec.ports[0].port};',
    ]);
    expect(r.stdout).toBe('web web 8080;plain web 8080;');
  });

  it('sends nothing: the live create fails as the real client fails against this server', () => {
    const sim = withDeployments();
    const r = runDef(sim, exposeCommand, 'deploy web');
    expect([r.stderr, r.exitCode]).toEqual(['error: no matches for kind "Service" in version "v1"\n', 1]);
    expect(sim.store.list('Deployment', 'default').length).toBe(2);
  });

  it('refuses the kinds a Service cannot front, by their group kind', () => {
    const sim = withDeployments();
    expect(runDef(sim, exposeCommand, 'node n1 --port=80').stderr).toBe('error: cannot expose a Node\n');
  });

  it('--help prints kubectl’s long description and examples', () => {
    const help = commandHelp(exposeCommand);
    expect(help.startsWith('Expose a resource as a new Kubernetes service.\n\n Looks up a deployment')).toBe(
      true,
    );
    expect(help).toContain(
      '\nExamples:\n  # Create a service for a replicated nginx, which serves on port 80 and connects to the containers on port 8000\n',
    );
    expect(help).toContain('  kubectl expose deployment nginx --port=80 --target-port=8000\n\nOptions:\n');
  });
});

describe('kubectl autoscale', () => {
  it('prints the autoscaling/v2 object of a client dry run, metrics only with --cpu-percent', () => {
    const r = runDef(
      withDeployments(),
      autoscaleCommand,
      'deploy/web --min=2 --max=5 --cpu-percent=70 --dry-run=client -o json',
    );
    expect(JSON.parse(r.stdout)).toEqual({
      kind: 'HorizontalPodAutoscaler',
      apiVersion: 'autoscaling/v2',
      metadata: { name: 'web' },
      spec: {
        scaleTargetRef: { kind: 'Deployment', name: 'web', apiVersion: 'apps/v1' },
        minReplicas: 2,
        maxReplicas: 5,
        metrics: [
          {
            type: 'Resource',
            resource: { name: 'cpu', target: { type: 'Utilization', averageUtilization: 70 } },
          },
        ],
      },
      status: { desiredReplicas: 0, currentMetrics: null },
    });
  });

  it('checks --max first, then looks for a scale subresource, then meets the server’s 404', () => {
    const sim = withDeployments();
    expect(runDef(sim, autoscaleCommand, 'deploy web').stderr).toBe(
      'error: required flag(s) "max" not set\n',
    );
    expect(runDef(sim, autoscaleCommand, 'node n1 --max=0').stderr).toBe(
      'error: --max=MAXPODS is required and must be at least 1, max: 0\n',
    );
    expect(runDef(sim, autoscaleCommand, 'node n1 --max=2').stderr).toBe(
      'error: cannot autoscale a Node: could not find scale subresource for /v1, Resource=nodes in discovery information\n',
    );
    expect(runDef(sim, autoscaleCommand, 'deploy web --max=2').stderr).toBe(
      'Error from server (NotFound): the server could not find the requested resource\n',
    );
  });
});
