// The body of a Kubernetes watch (`?watch=1`): one JSON object per line, `{"type": ADDED | MODIFIED |
// DELETED | BOOKMARK | ERROR, "object": …}`, arriving in chunks that may split a line anywhere (even
// inside a multi-byte character: the caller decodes bytes with a streaming TextDecoder).

export type WatchType = 'ADDED' | 'MODIFIED' | 'DELETED' | 'BOOKMARK' | 'ERROR';

export interface WatchEvent {
  type: WatchType;
  object: Record<string, unknown>;
}

const TYPES = new Set<string>(['ADDED', 'MODIFIED', 'DELETED', 'BOOKMARK', 'ERROR']);

/** A line that is not a watch event: the stream is broken (the caller starts the watch again). */
export class WatchStreamError extends Error {}

export class WatchStreamParser {
  private buffer = '';

  /** Feeds decoded text; answers the events completed by it, in order. */
  push(text: string): WatchEvent[] {
    this.buffer += text;
    const out: WatchEvent[] = [];
    let nl = this.buffer.indexOf('\n');
    while (nl >= 0) {
      const line = this.buffer.slice(0, nl).trim();
      this.buffer = this.buffer.slice(nl + 1);
      if (line) out.push(parseEvent(line));
      nl = this.buffer.indexOf('\n');
    }
    return out;
  }

  /** The stream ended: a last event without its newline still counts. */
  end(): WatchEvent[] {
    const line = this.buffer.trim();
    this.buffer = '';
    return line ? [parseEvent(line)] : [];
  }
}

function parseEvent(line: string): WatchEvent {
  let v: unknown;
  try {
    v = JSON.parse(line);
  } catch (e) {
    throw new WatchStreamError(
      `the watch stream sent a line that is not JSON (${(e as Error).message}): ${line.slice(0, 80)}`,
    );
  }
  if (typeof v !== 'object' || v === null || Array.isArray(v))
    throw new WatchStreamError(`the watch stream sent something that is not an event: ${line.slice(0, 80)}`);
  const o = v as Record<string, unknown>;
  const type = o.type;
  const object = o.object;
  if (typeof type !== 'string' || !TYPES.has(type))
    throw new WatchStreamError(`the watch stream sent an event of unknown type ${JSON.stringify(type)}`);
  if (typeof object !== 'object' || object === null || Array.isArray(object))
    throw new WatchStreamError(`the watch stream sent a ${type} event without an object`);
  return { type: type as WatchType, object: object as Record<string, unknown> };
}
