// The kubeconfig `serve` writes, read as it is by the official JavaScript client (which refuses an
// http server unless the cluster skips TLS verification).

import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import * as k8s from '@kubernetes/client-node';
import { describe, expect, it } from 'vitest';
import { Session } from '../engine';
import { ApiServer } from './apiServer';
import { kubeconfigText } from './kubeconfig';

describe('kubeconfigText', () => {
  it('is a kubeconfig @kubernetes/client-node uses without changes', async () => {
    const api = new ApiServer(new Session({ seed: 1 }));
    const server = createServer(api.handle);
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    try {
      const kc = new k8s.KubeConfig();
      kc.loadFromString(kubeconfigText(`http://127.0.0.1:${(server.address() as AddressInfo).port}`));
      expect(kc.getCurrentCluster()?.skipTLSVerify).toBe(true);
      const nodes = await kc.makeApiClient(k8s.CoreV1Api).listNode();
      expect(nodes.items.map((n) => n.metadata?.name)).toEqual(['master', 'node-1']);
    } finally {
      api.closeStreams();
      server.closeAllConnections();
      await new Promise<void>((r) => server.close(() => r()));
    }
  });

  it("carries the context's namespace a start script set, as kubectl writes it", () => {
    expect(kubeconfigText('http://127.0.0.1:1')).not.toContain('namespace');
    expect(kubeconfigText('http://127.0.0.1:1', 'kube-system')).toContain(
      'contexts:\n- context:\n    cluster: playground\n    namespace: "kube-system"\n    user: playground-admin\n  name: playground\n',
    );
    const kc = new k8s.KubeConfig();
    kc.loadFromString(kubeconfigText('http://127.0.0.1:1', 'kube-system'));
    expect(kc.getContextObject(kc.getCurrentContext())?.namespace).toBe('kube-system');
  });

  it('without skip-TLS-verify, the client refuses the http server (why the flag is there)', async () => {
    const kc = new k8s.KubeConfig();
    kc.loadFromString(
      kubeconfigText('http://127.0.0.1:1').replace('    insecure-skip-tls-verify: true\n', ''),
    );
    await expect(kc.makeApiClient(k8s.CoreV1Api).listNode()).rejects.toThrow(/HTTP protocol is not allowed/);
  });
});
