import { afterEach, describe, expect, it, vi } from 'vitest';
import { isEngineWorkerUrl, takeBootWorker, type BootWorker } from './bootWorker';

const CHUNK = 'https://example.org/course/playground/assets/engine-B2oF0FLE.js';
const WORKER = 'https://example.org/course/playground/assets/engine.worker-DV4bgfY9.js';

/** What boot.js leaves on the window, with a worker that records whether it was ended. */
function handed(state: BootWorker['state'], url = WORKER) {
  const worker = { postMessage: vi.fn(), terminate: vi.fn() } as unknown as Worker;
  const handle: BootWorker = { worker, url, state, settle: null };
  const scope: Record<string, unknown> = {};
  Object.defineProperty(scope, '__dspEngineWorker', { value: handle, configurable: true });
  return { worker, handle, scope };
}

afterEach(() => {
  vi.useRealTimers();
});

describe('isEngineWorkerUrl', () => {
  it.each([
    ['the build’s engine worker beside the chunk', WORKER, true],
    ['another folder', 'https://example.org/course/assets/engine.worker-DV4bgfY9.js', false],
    ['another origin', 'https://cdn.example.org/course/playground/assets/engine.worker-DV4bgfY9.js', false],
    ['another worker', 'https://example.org/course/playground/assets/yaml.worker-CThKXwHW.js', false],
    [
      'a file under the folder',
      'https://example.org/course/playground/assets/x/engine.worker-DV4bgfY9.js',
      false,
    ],
    ['not an address', 'engine.worker-DV4bgfY9.js', false],
  ])('%s', (_name, url, expected) => {
    expect(isEngineWorkerUrl(url, CHUNK)).toBe(expected);
  });
});

describe('takeBootWorker', () => {
  it('is null when boot.js started no worker', () => {
    expect(takeBootWorker(CHUNK, 1000, {})).toBeNull();
  });

  it('takes a worker that has said ready, once', async () => {
    const { worker, scope } = handed('ready');
    const taken = takeBootWorker(CHUNK, 1000, scope);
    expect(taken?.worker).toBe(worker);
    await expect(taken?.ok).resolves.toBe(true);
    expect(takeBootWorker(CHUNK, 1000, scope)).toBeNull();
  });

  it('waits for a worker still starting: its ready, or its failure', async () => {
    const a = handed('starting');
    const ta = takeBootWorker(CHUNK, 1000, a.scope);
    a.handle.settle?.(true);
    await expect(ta?.ok).resolves.toBe(true);
    const b = handed('starting');
    const tb = takeBootWorker(CHUNK, 1000, b.scope);
    b.handle.settle?.(false);
    await expect(tb?.ok).resolves.toBe(false);
  });

  it('gives up on a worker that says nothing in time', async () => {
    vi.useFakeTimers();
    const { scope } = handed('starting');
    const taken = takeBootWorker(CHUNK, 1000, scope);
    vi.advanceTimersByTime(1000);
    await expect(taken?.ok).resolves.toBe(false);
  });

  it('reports a worker that failed to load', async () => {
    const { scope } = handed('failed');
    await expect(takeBootWorker(CHUNK, 1000, scope)?.ok).resolves.toBe(false);
  });

  it('ends a worker from elsewhere and leaves the page to start its own', () => {
    const { worker, scope } = handed('ready', 'https://evil.example/engine.worker-DV4bgfY9.js');
    expect(takeBootWorker(CHUNK, 1000, scope)).toBeNull();
    expect(worker.terminate).toHaveBeenCalled();
  });

  it('ignores something else under that name', () => {
    const scope = { __dspEngineWorker: { worker: 'x', url: WORKER, state: 'ready' } };
    expect(takeBootWorker(CHUNK, 1000, scope)).toBeNull();
  });
});
