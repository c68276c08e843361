import { describe, expect, it } from 'vitest';
import { runDef, simWithNodes } from '../../testing/kubectl';
import { containerNameForImage, createDeploymentCommand } from './createDeployment';
import { scaleCommand } from './scale';

describe('kubectl create deployment', () => {
  it('names each container after its image (path, tag and digest left out; _ and . sanitized with a random suffix)', () => {
    const r = () => 'x2x2x';
    expect(containerNameForImage('nginx:1.27', r)).toBe('nginx');
    expect(containerNameForImage('docker.io/library/nginx:1.27', r)).toBe('nginx');
    expect(containerNameForImage('registry.k8s.io/pause@sha256:abc', r)).toBe('pause');
    expect(containerNameForImage('my_app.v2', r)).toBe('my-app-v2-x2x2x');
  });

  it('prints the object it would send, as kubectl create deployment --dry-run=client -o yaml', () => {
    const sim = simWithNodes(['n1']);
    const out = runDef(
      sim,
      createDeploymentCommand,
      'web --image=nginx --image=busybox --port=80 --replicas=2 --dry-run=client -o yaml',
    );
    expect(out.stdout).toBe(
      [
        'apiVersion: apps/v1',
        'kind: Deployment',
        'metadata:',
        '  labels:',
        '    app: web',
        '  name: web',
        'spec:',
        '  replicas: 2',
        '  selector:',
        '    matchLabels:',
        '      app: web',
        '  strategy: {}',
        '  template:',
        '    metadata:',
        '      labels:',
        '        app: web',
        '    spec:',
        '      containers:',
        '      - image: nginx',
        '        name: nginx',
        '        ports:',
        '        - containerPort: 80',
        '        resources: {}',
        '      - image: busybox',
        '        name: busybox',
        '        resources: {}',
        'status: {}',
        '',
      ].join('\n'),
    );
    expect(sim.store.list('Deployment')).toEqual([]);
  });

  it('refuses what kubectl refuses, and changes nothing', () => {
    const sim = simWithNodes(['n1']);
    expect(runDef(sim, createDeploymentCommand, 'web').stderr).toBe(
      'error: required flag(s) "image" not set\n',
    );
    expect(runDef(sim, createDeploymentCommand, 'web --image=a --image=b -- sleep 1').stderr).toBe(
      'error: cannot specify multiple --image options and command\n',
    );
    expect(sim.store.list('Deployment')).toEqual([]);
  });
});

describe('kubectl scale', () => {
  it('sets spec.replicas of a Deployment; checks --current-replicas; reports what it cannot scale', () => {
    const sim = simWithNodes(['n1']);
    runDef(sim, createDeploymentCommand, 'web --image=nginx:1.27');
    expect(runDef(sim, scaleCommand, 'deploy/web --replicas=3').stdout).toBe('deployment.apps/web scaled\n');
    expect(sim.store.get('Deployment', 'default', 'web')!.spec.replicas).toBe(3);
    expect(runDef(sim, scaleCommand, 'deploy/web --replicas=1 --current-replicas=2').stderr).toBe(
      'error: Expected replicas to be 2, was 3\n',
    );
    expect(runDef(sim, scaleCommand, 'deploy/nope --replicas=1').stderr).toBe(
      'error: no objects passed to scale deployments.apps "nope" not found\n',
    );
    expect(runDef(sim, scaleCommand, 'deploy/web').stderr).toBe(
      'error: required flag(s) "replicas" not set\n',
    );
  });
});
