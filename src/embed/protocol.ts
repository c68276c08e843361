// The postMessage protocol with a parent page (DESIGN §4, contract). Pure: no window, no store, so
// the origin rules and the message checks are tested in Node.

import type { LessonOutgoing } from './lessonMessages';

export const MESSAGE_SOURCE = 'daemonset-playground';
export const MESSAGE_VERSION = 1;
/** A `load` script larger than this is ignored (a scenario script is a few KB). */
export const MAX_SCRIPT_CHARS = 200_000;

/** What the page sends to its parent. */
export type OutgoingMessage =
  | {
      source: typeof MESSAGE_SOURCE;
      version: number;
      type: 'ready';
      id: string | null;
      lesson: string | null;
      step: number | null;
      view: string;
      readonly: boolean;
    }
  | ({ source: typeof MESSAGE_SOURCE; version: number; type: 'state'; id: string | null } & StateReport & {
        requestId?: RequestId;
      })
  | {
      source: typeof MESSAGE_SOURCE;
      version: number;
      type: 'step';
      id: string | null;
      step: number;
      requestId?: RequestId;
    }
  | {
      source: typeof MESSAGE_SOURCE;
      version: number;
      type: 'error';
      id: string | null;
      request: 'load';
      message: string;
      line?: number;
      requestId?: RequestId;
    }
  /** lesson messages (issue 13): answer, goal, score, lesson loaded, lesson errors — see lessonMessages.ts */
  | ({ source: typeof MESSAGE_SOURCE; version: number; id: string | null } & LessonOutgoing);

export interface StateReport {
  /** why this report was sent: a command ran, the cluster changed, a scenario was loaded, a reset */
  reason: 'command' | 'change' | 'load' | 'reset';
  nodes: number;
  pods: number;
  readyPods: number;
  daemonSets: number;
  revisions: number;
  /** simulated ms since the start */
  time: number;
  /** commands run so far (the inputs) */
  commands: number;
  lastCommand: string | null;
  /** the share-link payload of this state (`#s=<share>`), null when it would be too long */
  share: string | null;
}

/** What the parent may send; `requestId`, when given, comes back on the reply (issue 25). */
export type IncomingMessage = (
  { type: 'load'; script: string } | { type: 'reset' } | { type: 'step'; step: number }
) & { requestId?: RequestId };

/** A parent's name for one request: a string of at most 200 characters, or a finite number. */
export type RequestId = string | number;
export const MAX_REQUEST_ID_CHARS = 200;

/**
 * The `requestId` a message carries, or undefined when it has none or one that is not a string of at
 * most 200 characters or a finite number (then the request is still acted on; the reply has no id).
 */
export function readRequestId(d: object): RequestId | undefined {
  const id = own(d, 'requestId');
  if (typeof id === 'string' && id.length <= MAX_REQUEST_ID_CHARS) return id;
  if (typeof id === 'number' && Number.isFinite(id)) return id;
  return undefined;
}

/** `{ requestId }` to spread into a reply, or nothing. */
export function withRequestId(requestId: RequestId | undefined): { requestId?: RequestId } {
  return requestId === undefined ? {} : { requestId };
}

/**
 * The origins a page will talk to: its own, and the exact origins listed in `origin=` (comma-separated,
 * e.g. `origin=https://course.example.org,https://lms.example.edu`). Anything that is not an exact
 * origin (a path, a wildcard, `*`, `null`) is dropped.
 */
export function allowedOrigins(search: string, selfOrigin: string): Set<string> {
  const out = new Set<string>();
  if (selfOrigin && selfOrigin !== 'null') out.add(selfOrigin);
  const raw = new URLSearchParams(search).get('origin');
  if (!raw) return out;
  for (const part of raw.split(',')) {
    const o = part.trim();
    if (!o) continue;
    try {
      const u = new URL(o);
      const host = /^[a-z0-9.-]+$/i.test(u.hostname) || /^\[[0-9a-f:.]+\]$/i.test(u.hostname);
      if ((u.protocol === 'https:' || u.protocol === 'http:') && host && u.origin === o.replace(/\/$/, ''))
        out.add(u.origin);
    } catch {
      // not an origin: ignored
    }
  }
  return out;
}

export function isAllowedOrigin(origin: string, allowed: ReadonlySet<string>): boolean {
  return origin !== 'null' && allowed.has(origin);
}

/** A field the message itself carries (never one inherited through the prototype chain). */
function own(d: object, key: string): unknown {
  return Object.hasOwn(d, key) ? (d as Record<string, unknown>)[key] : undefined;
}

/** The reader of each message type, keyed by the text of `type` (a Map: `constructor`, `__proto__` are not types). */
const READERS = new Map<string, (d: object) => IncomingMessage | null>([
  [
    'load',
    (d) => {
      const script = own(d, 'script');
      return typeof script === 'string' && script.length <= MAX_SCRIPT_CHARS
        ? { type: 'load', script }
        : null;
    },
  ],
  ['reset', () => ({ type: 'reset' })],
  [
    'step',
    (d) => {
      const step = own(d, 'step');
      return typeof step === 'number' && Number.isInteger(step) && step >= 0 && step <= 10_000
        ? { type: 'step', step }
        : null;
    },
  ],
]);

/** The parent's message, or null when it is not one of ours (then it is ignored, silently). */
export function parseIncoming(data: unknown): IncomingMessage | null {
  if (typeof data !== 'object' || data === null || Array.isArray(data)) return null;
  const type = own(data, 'type');
  if (typeof type !== 'string') return null;
  const read = READERS.get(type);
  const m = read ? read(data) : null;
  return m ? { ...m, ...withRequestId(readRequestId(data)) } : null;
}

export interface BridgeTarget {
  /** the window messages must come from (the parent) */
  parent: unknown;
  /** posts to the parent with an exact target origin */
  post(message: OutgoingMessage, targetOrigin: string): void;
}

export interface BridgeActions {
  load(script: string, requestId?: RequestId): void;
  reset(requestId?: RequestId): void;
  step(step: number, requestId?: RequestId): void;
}

/**
 * The bridge's decisions: which messages to act on and where to send ours. It replies only to an
 * allowed origin, never `*`: the parent's origin as the browser tells it (ancestorOrigins, referrer), or
 * the origin of the parent's last accepted message; when none is known and exactly one origin was
 * listed in `origin=`, that one (the browser drops the message if the parent is somewhere else).
 */
export class BridgeCore {
  /** where our messages go; null: nowhere (unknown, or a parent that is not allowed) */
  private parentOrigin: string | null;

  constructor(
    private readonly target: BridgeTarget,
    private readonly allowed: ReadonlySet<string>,
    private readonly actions: BridgeActions,
    opts: { selfOrigin: string; knownParentOrigin?: string | null },
  ) {
    const known = opts.knownParentOrigin ?? null;
    if (known) {
      this.parentOrigin = isAllowedOrigin(known, allowed) ? known : null;
    } else {
      const others = [...allowed].filter((o) => o !== opts.selfOrigin);
      this.parentOrigin = others.length === 1 ? others[0] : others.length === 0 ? opts.selfOrigin : null;
    }
  }

  /** Where our messages go, or null (nobody allowed is listening). */
  targetOrigin(): string | null {
    return this.parentOrigin;
  }

  /** Handles a MessageEvent-like object; returns true when it was acted on. */
  handle(e: { origin: string; source: unknown; data: unknown }): boolean {
    if (e.source !== this.target.parent || !isAllowedOrigin(e.origin, this.allowed)) return false;
    const m = parseIncoming(e.data);
    if (!m) return false;
    this.parentOrigin = e.origin;
    if (m.type === 'load') this.actions.load(m.script, m.requestId);
    else if (m.type === 'reset') this.actions.reset(m.requestId);
    else this.actions.step(m.step, m.requestId);
    return true;
  }

  send(message: OutgoingMessage): boolean {
    const origin = this.parentOrigin;
    if (!origin) return false;
    this.target.post(message, origin);
    return true;
  }
}
