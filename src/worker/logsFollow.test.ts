// kubectl logs -f on the page, through the worker host over a real MessageChannel.

import { afterEach, describe, expect, it } from 'vitest';
import { channelClient, closeChannels } from './hostHarness';
import type { Response } from '../wire/protocol';
import { logsFollowTarget } from './logsFollow';
import { until } from '../testing/until';

afterEach(closeChannels);

const connect = () => channelClient();

const pod = `apiVersion: v1
kind: Pod
metadata:
  name: web
spec:
  terminationGracePeriodSeconds: 5
  containers:
  - name: c
    image: nginx:1.27
`;

type Exec = Extract<Response, { type: 'exec' }>;

describe('live kubectl logs -f', () => {
  it('recognises following lines only', () => {
    expect(logsFollowTarget('kubectl logs -f web')).not.toBeNull();
    expect(logsFollowTarget('kubectl logs web -n kube-system --follow')?.namespace).toBe('kube-system');
    expect(logsFollowTarget('kubectl logs web')).toBeNull();
    expect(logsFollowTarget('kubectl logs -f -l app=web')).toBeNull();
    expect(logsFollowTarget('kubectl get pods -f x')).toBeNull();
  });

  it('prints what was written, then new lines as the clock runs, and ends when the pod goes', async () => {
    const { client, batches } = connect();
    await client.request({ type: 'init', spec: { seed: 1, preset: 'article', inputs: [] } });
    await client.request({ type: 'exec', line: 'kubectl apply -f -', stdin: pod });
    await client.request({ type: 'advance', ms: 10_000 });
    const lines: string[] = [];
    const done = client.request<Exec>(
      { type: 'exec', line: 'kubectl logs -f web' },
      { onChunk: (c) => lines.push(c.text) },
    );
    await until(() =>
      expect(lines.join('')).toMatch(
        /^\[playground\] docker\.io\/library\/nginx:1\.27: container c of pod default\/web started on node /,
      ),
    );
    await client.request({ type: 'exec', line: 'kubectl delete pod web --wait=false' });
    await until(() =>
      expect(lines.at(-1)).toBe('[playground] received SIGTERM; shutting down (grace period 5s)\n'),
    );
    await client.request({ type: 'advance', ms: 10_000 });
    expect((await done).exitCode).toBe(0);
    expect(batches.some((b) => b.inputs.some((i) => i.line === 'kubectl logs -f web --follow=false'))).toBe(
      true,
    );
  });

  it('can be cancelled like Ctrl+C', async () => {
    const { client } = connect();
    await client.request({ type: 'init', spec: { seed: 1, preset: 'article', inputs: [] } });
    await client.request({ type: 'exec', line: 'kubectl apply -f -', stdin: pod });
    await client.request({ type: 'advance', ms: 10_000 });
    const id = client.peekNextId();
    const done = client.request<Exec>({ type: 'exec', line: 'kubectl logs web -f' });
    await client.request({ type: 'cancel', target: id });
    expect((await done).exitCode).toBe(130);
  });
});
