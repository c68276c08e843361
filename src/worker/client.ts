// The page's side of the worker protocol: typed requests with ids, streamed chunks, pushed batches.
// Watches the worker: if it throws or stops answering, the owner is told and can restart it.

import type { Chunk } from '../engine/kubectl/types'
import type { ChangeBatch, Message, Request, Response } from './protocol'

type Pending = { resolve: (r: Response) => void; reject: (e: Error) => void; onChunk?: (c: Chunk) => void; touch: () => void }

/** Something that carries messages to a host: a Worker, or a MessagePort for the in-process fallback. */
export interface Port {
  postMessage(m: Request): void
  onmessage: ((e: MessageEvent<Message>) => void) | null
  onerror?: ((e: ErrorEvent) => void) | null
  terminate?(): void
}

export type RequestBody = Request extends infer R ? (R extends { id: number } ? Omit<R, 'id'> : never) : never

export class EngineClient {
  private nextId = 1
  private readonly pending = new Map<number, Pending>()
  onBatch: (b: ChangeBatch) => void = () => {}
  onFatal: (message: string) => void = () => {}

  constructor(private readonly port: Port) {
    port.onmessage = (e) => this.receive(e.data)
    if ('onerror' in port) {
      port.onerror = (e: ErrorEvent) => {
        e.preventDefault?.()
        this.fail(e.message || 'the engine worker crashed')
      }
    }
  }

  private receive(m: Message): void {
    if ('id' in m && m.type !== 'chunk' && m.type !== 'alive') {
      const p = this.pending.get(m.id)
      if (!p) return
      this.pending.delete(m.id)
      if (m.type === 'error') p.reject(new Error(m.message))
      else p.resolve(m)
      return
    }
    switch (m.type) {
      case 'chunk': {
        const p = this.pending.get(m.id)
        p?.touch()
        p?.onChunk?.(m.chunk)
        return
      }
      case 'alive':
        this.pending.get(m.id)?.touch()
        return
      case 'changes':
        this.onBatch(m)
        return
      case 'fatal':
        this.fail(m.message)
        return
      default:
        return
    }
  }

  private fail(message: string): void {
    for (const p of this.pending.values()) p.reject(new Error(message))
    this.pending.clear()
    this.onFatal(message)
  }

  /** The id the next request will get (to cancel a watching command later). */
  peekNextId(): number {
    return this.nextId
  }

  /**
   * Sends a request; rejects when the worker shows no sign of life for `timeoutMs` (streamed
   * chunks and keep-alives of a watching command count as signs of life).
   */
  request<T extends Response = Response>(body: RequestBody, opts: { onChunk?: (c: Chunk) => void; timeoutMs?: number } = {}): Promise<T> {
    const id = this.nextId++
    const timeoutMs = opts.timeoutMs ?? 15_000
    return new Promise<T>((resolve, reject) => {
      let timer: ReturnType<typeof setTimeout>
      const arm = () => {
        clearTimeout(timer)
        timer = setTimeout(() => {
          if (!this.pending.has(id)) return
          this.pending.delete(id)
          const msg = `the engine did not answer within ${Math.round(timeoutMs / 1000)} s`
          reject(new Error(msg))
          this.onFatal(msg)
        }, timeoutMs)
      }
      arm()
      this.pending.set(id, {
        resolve: (r) => {
          clearTimeout(timer)
          resolve(r as T)
        },
        reject: (e) => {
          clearTimeout(timer)
          reject(e)
        },
        onChunk: opts.onChunk,
        touch: arm,
      })
      this.port.postMessage({ ...body, id } as Request)
    })
  }

  terminate(): void {
    this.port.terminate?.()
    this.fail('terminated')
  }
}
