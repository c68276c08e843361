// Probe defaulting (SetDefaults_Probe, SetDefaults_HTTPGetAction in pkg/apis/core/v1/defaults.go):
// what the API server stores, and so what `kubectl describe` and `-o yaml` show.

import { describe, expect, it } from 'vitest';
import type { Pod } from './types';
import { defaultPod } from './defaults';

function pod(container: Record<string, unknown>): Pod {
  return {
    apiVersion: 'v1',
    kind: 'Pod',
    metadata: { name: 'p' },
    spec: { containers: [{ name: 'c', image: 'nginx:1.27', ...container }] },
  } as unknown as Pod;
}

describe('probe defaults', () => {
  it('fill timeoutSeconds 1, periodSeconds 10, successThreshold 1, failureThreshold 3, and an httpGet path and scheme', () => {
    const p = pod({
      readinessProbe: { httpGet: { port: 80 } },
      livenessProbe: { tcpSocket: { port: 80 }, periodSeconds: 5 },
      startupProbe: { exec: { command: ['true'] }, failureThreshold: 30 },
    });
    defaultPod(p);
    const c = p.spec.containers[0];
    expect(c.readinessProbe).toEqual({
      httpGet: { port: 80, path: '/', scheme: 'HTTP' },
      timeoutSeconds: 1,
      periodSeconds: 10,
      successThreshold: 1,
      failureThreshold: 3,
    });
    expect(c.livenessProbe).toEqual({
      tcpSocket: { port: 80 },
      timeoutSeconds: 1,
      periodSeconds: 5,
      successThreshold: 1,
      failureThreshold: 3,
    });
    expect(c.startupProbe).toEqual({
      exec: { command: ['true'] },
      timeoutSeconds: 1,
      periodSeconds: 10,
      successThreshold: 1,
      failureThreshold: 30,
    });
    expect(c.readinessProbe).not.toHaveProperty('initialDelaySeconds');
  });

  it('keep the values given, and leave a container without probes alone', () => {
    const p = pod({
      readinessProbe: {
        httpGet: { path: '/healthz', port: 8080, scheme: 'HTTPS' },
        timeoutSeconds: 5,
        periodSeconds: 20,
        successThreshold: 2,
        failureThreshold: 6,
      },
    });
    defaultPod(p);
    expect(p.spec.containers[0].readinessProbe).toEqual({
      httpGet: { path: '/healthz', port: 8080, scheme: 'HTTPS' },
      timeoutSeconds: 5,
      periodSeconds: 20,
      successThreshold: 2,
      failureThreshold: 6,
    });
    const bare = pod({});
    defaultPod(bare);
    expect(Object.keys(bare.spec.containers[0])).not.toContain('readinessProbe');
  });
});
