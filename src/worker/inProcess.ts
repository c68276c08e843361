// Fallback for environments without module workers: the same host, on the main thread, talking over a
// MessageChannel so the client cannot tell the difference.

import type { Port } from './client'
import type { Message, Request } from './protocol'

export function createInProcessPort(): Port {
  const channel = new MessageChannel()
  const hostSide = channel.port1
  const pageSide = channel.port2
  // The engine is loaded only when this fallback is used (it is not in the page's first bundle);
  // the page's requests wait in the channel until the host listens.
  void import('./host').then(({ createHost }) =>
    createHost(
    {
      postMessage: (m: Message) => hostSide.postMessage(m),
      onMessage: (fn) => {
        hostSide.onmessage = (e: MessageEvent<Request>) => fn(e.data)
      },
    },
    { setInterval: (fn, ms) => setInterval(fn, ms), clearInterval: (h) => clearInterval(h as ReturnType<typeof setInterval>) },
    ),
  )
  const port: Port = {
    postMessage: (m) => pageSide.postMessage(m),
    onmessage: null,
    terminate: () => {
      hostSide.close()
      pageSide.close()
    },
  }
  pageSide.onmessage = (e: MessageEvent<Message>) => port.onmessage?.(e)
  return port
}

/** A Worker when module workers work here, else the in-process host. */
export function createEnginePort(): { port: Port; mode: 'worker' | 'main-thread' } {
  try {
    const w = new Worker(new URL('./engine.worker.ts', import.meta.url), { type: 'module', name: 'engine' })
    return { port: w as unknown as Port, mode: 'worker' }
  } catch {
    return { port: createInProcessPort(), mode: 'main-thread' }
  }
}
