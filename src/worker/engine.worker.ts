// The module Web Worker that runs the engine.
import { createHost } from './host';
import type { Request } from '../wire/protocol';

const scope = self as unknown as {
  postMessage(m: unknown): void;
  addEventListener(t: 'message', fn: (e: MessageEvent<Request>) => void): void;
};
createHost(
  {
    postMessage: (m) => scope.postMessage(m),
    onMessage: (fn) => scope.addEventListener('message', (e) => fn(e.data)),
    hang: () => {
      // A real hang: this thread never comes back (only terminate() ends it).
      for (;;) {
        // spin
      }
    },
    crash: () => {
      setTimeout(() => {
        throw new Error('the engine worker crashed (simulated)');
      });
    },
  },
  {
    setInterval: (fn, ms) => setInterval(fn, ms),
    clearInterval: (h) => clearInterval(h as ReturnType<typeof setInterval>),
  },
);
