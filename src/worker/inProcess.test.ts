// The main-thread fallback: same host, same protocol, over a MessageChannel on the page's thread.

import { describe, expect, it } from 'vitest';
import { createInProcessPort, createEnginePort } from './inProcess';
import { EngineClient } from './client';
import type { Response } from '../wire/protocol';

describe('main-thread fallback', () => {
  it('serves the protocol without a worker', async () => {
    const port = createInProcessPort();
    const client = new EngineClient(port);
    await client.request({ type: 'init', spec: { seed: 1, preset: 'kubeadm', inputs: [] } });
    const r = await client.request<Extract<Response, { type: 'exec' }>>({
      type: 'exec',
      line: 'kubectl get nodes -o name',
    });
    expect(r.chunks.map((c) => c.text).join('')).toBe('node/control-plane\nnode/worker-1\nnode/worker-2\n');
    port.terminate?.();
  });

  it('is chosen when module workers are unavailable', () => {
    // Node has no global Worker: createEnginePort must fall back instead of throwing.
    const { port, mode } = createEnginePort();
    expect(mode).toBe('main-thread');
    port.terminate?.();
  });
});
