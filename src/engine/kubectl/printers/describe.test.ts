import { describe, expect, it } from 'vitest';
import type { PodTemplateSpec } from '../../api/types';
import { describePodTemplate, tabbedString } from './describe';
import { tolerationToString } from './prefixWriter';

const template: PodTemplateSpec = {
  metadata: { labels: { name: 'fluentd-elasticsearch' } },
  spec: {
    tolerations: [{ key: 'node-role.kubernetes.io/control-plane', operator: 'Exists', effect: 'NoSchedule' }],
    containers: [
      {
        name: 'fluentd-elasticsearch',
        image: 'quay.io/fluentd_elasticsearch/fluentd:v2.5.2',
        resources: { limits: { memory: '200Mi' }, requests: { cpu: '100m', memory: '200Mi' } },
        volumeMounts: [{ name: 'varlog', mountPath: '/var/log' }],
      },
    ],
    volumes: [{ name: 'varlog', hostPath: { path: '/var/log', type: '' } }],
  },
};

describe('describePodTemplate (KUBERNETES.md §10.5)', () => {
  it('writes the template with literal tabs', () => {
    expect(describePodTemplate(template)).toBe(
      [
        'Pod Template:',
        '  Labels:\tname=fluentd-elasticsearch',
        '  Containers:',
        '   fluentd-elasticsearch:',
        '    Image:\tquay.io/fluentd_elasticsearch/fluentd:v2.5.2',
        '    Port:\t<none>',
        '    Host Port:\t<none>',
        '    Limits:',
        '      memory:\t200Mi',
        '    Requests:',
        '      cpu:\t100m',
        '      memory:\t200Mi',
        '    Environment:\t<none>',
        '    Mounts:',
        '      /var/log from varlog (rw)',
        '  Volumes:',
        '   varlog:',
        '    Type:\tHostPath (bare host directory volume)',
        '    Path:\t/var/log',
        '    HostPathType:\t',
        '  Node-Selectors:\t<none>',
        '  Tolerations:\tnode-role.kubernetes.io/control-plane:NoSchedule op=Exists',
        '',
      ].join('\n'),
    );
  });

  it('continues labels on new lines, lists ports, annotations, commands and empty sections', () => {
    const t: PodTemplateSpec = {
      metadata: {
        labels: { b: '2', a: '1' },
        annotations: { 'kubectl.kubernetes.io/restartedAt': '2026-01-01T00:00:00Z' },
      },
      spec: {
        containers: [
          {
            name: 'c',
            image: 'nginx',
            command: ['sh', '-c'],
            args: ['sleep 1'],
            ports: [
              { containerPort: 80, protocol: 'TCP' },
              { containerPort: 443, protocol: 'TCP' },
            ],
            env: [{ name: 'A', value: 'x' }],
          },
        ],
        tolerations: [
          { key: 'z', operator: 'Equal', value: 'v', effect: 'NoExecute', tolerationSeconds: 30 },
          { operator: 'Exists' },
        ],
      },
    };
    expect(describePodTemplate(t)).toBe(
      [
        'Pod Template:',
        '  Labels:\ta=1',
        '\tb=2',
        '  Annotations:\tkubectl.kubernetes.io/restartedAt: 2026-01-01T00:00:00Z',
        '  Containers:',
        '   c:',
        '    Image:\tnginx',
        '    Ports:\t80/TCP, 443/TCP',
        '    Host Ports:\t0/TCP, 0/TCP',
        '    Command:',
        '      sh',
        '      -c',
        '    Args:',
        '      sleep 1',
        '    Environment:',
        '      A:\tx',
        '    Mounts:\t<none>',
        '  Volumes:\t<none>',
        '  Node-Selectors:\t<none>',
        '  Tolerations:\top=Exists',
        '\tz=v:NoExecute for 30s',
        '',
      ].join('\n'),
    );
  });

  it('renders tolerations like describe.go', () => {
    expect(tolerationToString({ key: 'k', operator: 'Exists', effect: 'NoSchedule' })).toBe(
      'k:NoSchedule op=Exists',
    );
    expect(tolerationToString({ operator: 'Exists' })).toBe('op=Exists');
    expect(tolerationToString({ key: 'k', value: 'v', effect: 'NoSchedule' })).toBe('k=v:NoSchedule');
    expect(
      tolerationToString({
        key: 'node.kubernetes.io/unreachable',
        operator: 'Exists',
        effect: 'NoExecute',
        tolerationSeconds: 300,
      }),
    ).toBe('node.kubernetes.io/unreachable:NoExecute op=Exists for 300s');
  });

  it('aligns through tabbedString', () => {
    expect(tabbedString(describePodTemplate(template)).split('\n').slice(0, 7).join('\n')).toBe(
      [
        'Pod Template:',
        '  Labels:  name=fluentd-elasticsearch',
        '  Containers:',
        '   fluentd-elasticsearch:',
        '    Image:      quay.io/fluentd_elasticsearch/fluentd:v2.5.2',
        '    Port:       <none>',
        '    Host Port:  <none>',
      ].join('\n'),
    );
  });
});
