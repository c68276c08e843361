// The postMessage bridge to a parent page (issue 6, DESIGN §4 contract). Started by the App when the
// page runs in a frame. To the parent: `ready` once the engine is up, `state` after commands and
// cluster changes (throttled), `step` when the lesson step changes. From the parent: `load`, `reset`,
// `step` — only from the parent window, and only from its own origin or one listed in `origin=`.

import type { BootParams } from '../boot';
import type { Pod } from '../engine';
import { useStore, type AppState } from '../state/store';
import { encodeShared, LIMITS } from '../share/index';
import { currentSharedState } from '../share/session';
import {
  BridgeCore,
  MESSAGE_SOURCE,
  MESSAGE_VERSION,
  allowedOrigins,
  isAllowedOrigin,
  withRequestId,
  type OutgoingMessage,
  type RequestId,
  type StateReport,
} from './protocol';
import { loadScenario, resetPlayground } from './actions';
import { currentStep, onStep, reportStep } from '../state/step';
import { startLessonMessages } from './lessonMessages';
import { openLessonData } from '../state/lessonHost';
import { startAutoHeight } from './autoHeight';

/** At most one `state` message per this many ms (the last change always gets reported). */
export const STATE_THROTTLE_MS = 400;

function isReady(p: Pod): boolean {
  return (
    !p.metadata.deletionTimestamp &&
    !!p.status?.conditions?.some((c) => c.type === 'Ready' && c.status === 'True')
  );
}

/** The counts of a `state` message (cheap: no share payload). */
export function stateCounts(s: AppState): Omit<StateReport, 'reason' | 'share' | 'time'> {
  const pods = Object.values(s.objects.Pod) as Pod[];
  const last = s.inputs[s.inputs.length - 1];
  return {
    nodes: Object.keys(s.objects.Node).length,
    pods: pods.length,
    readyPods: pods.filter(isReady).length,
    daemonSets: Object.keys(s.objects.DaemonSet).length,
    revisions: Object.keys(s.objects.ControllerRevision).length,
    commands: s.inputs.length,
    lastCommand: last ? last.line : null,
  };
}

/** The share payload of the page's state, or null when it would be too long to use. */
function sharePayloadNow(): string | null {
  try {
    const p = encodeShared(currentSharedState());
    return p.length <= LIMITS.maxPayloadChars ? p : null;
  } catch {
    return null;
  }
}

/** The parent's origin as the browser tells it, or null (cross-browser: ancestorOrigins, then referrer). */
function knownParentOrigin(): string | null {
  const ao = (location as Location & { ancestorOrigins?: DOMStringList }).ancestorOrigins;
  if (ao && ao.length > 0) return ao[0];
  try {
    return document.referrer ? new URL(document.referrer).origin : null;
  } catch {
    return null;
  }
}

/**
 * Starts the bridge; returns a function that stops it. Does nothing when the page is not in a frame.
 * `?id=` is echoed in every message so a course page with several embeds can tell them apart.
 */
export function startEmbedBridge(params: BootParams, search: string = location.search): () => void {
  if (typeof window === 'undefined' || window.parent === window) return () => {};
  const id = new URLSearchParams(search).get('id');
  const allowed = allowedOrigins(search, location.origin);
  const envelope = { source: MESSAGE_SOURCE, version: MESSAGE_VERSION, id } as const;
  let ready = false;
  let pendingReason: StateReport['reason'] | null = null;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let lastSent = 0;
  let lastKey = '';

  const core = new BridgeCore(
    { parent: window.parent, post: (m, origin) => window.parent.postMessage(m, origin) },
    allowed,
    {
      // A load or reset overtaken by a newer one is not answered: the newer one is.
      load: (script, requestId) =>
        void loadScenario(script).then((r) => {
          if (r.ok) flush('load', true, requestId);
          else if (!('superseded' in r))
            core.send({
              ...envelope,
              type: 'error',
              request: 'load',
              message: r.message,
              ...(r.line !== undefined ? { line: r.line } : {}),
              ...withRequestId(requestId),
            });
        }),
      reset: (requestId) =>
        void resetPlayground().then((done) => {
          if (done) flush('reset', true, requestId);
        }),
      // The answer is a `step` message: the lesson's listeners move first, then the reply names the
      // step the page is at (with the request's id), also when it was there already.
      step: (n, requestId) => {
        reportStep(n, 'parent');
        if (ready) sendStep(currentStep() ?? n, requestId);
      },
    },
    { selfOrigin: location.origin, knownParentOrigin: knownParentOrigin() },
  );

  const send = (m: OutgoingMessage) => {
    core.send(m);
  };

  const RANK: Record<StateReport['reason'], number> = { change: 0, command: 1, reset: 2, load: 2 };

  /** Asks for a `state` message: now (forced, after load/reset), or when the throttle allows. */
  const flush = (reason: StateReport['reason'], force = false, requestId?: RequestId) => {
    if (!ready) return;
    if (pendingReason === null || RANK[reason] >= RANK[pendingReason]) pendingReason = reason;
    if (force) {
      clearTimeout(timer);
      timer = undefined;
      report(true, requestId);
      return;
    }
    if (timer !== undefined) return;
    timer = setTimeout(
      () => {
        timer = undefined;
        report(false);
      },
      Math.max(0, lastSent + STATE_THROTTLE_MS - Date.now()),
    );
  };

  /** Sends the report unless nothing a parent counts has changed since the last one. */
  const report = (force: boolean, requestId?: RequestId) => {
    const s = useStore.getState();
    if (s.busy && !force) {
      // mid-command or mid-load: report once it is done
      timer = setTimeout(() => {
        timer = undefined;
        report(force, requestId);
      }, 100);
      return;
    }
    const counts = stateCounts(s);
    const key = JSON.stringify(counts);
    const reason = pendingReason ?? 'change';
    pendingReason = null;
    if (!force && key === lastKey) return;
    lastKey = key;
    lastSent = Date.now();
    send({
      ...envelope,
      type: 'state',
      reason,
      ...counts,
      time: Math.max(0, s.now - s.start),
      share: sharePayloadNow(),
      ...withRequestId(requestId),
    });
  };

  // Lessons by message, and answer/goal/score to the parent (issue 13)
  const lessons = startLessonMessages(
    (m) => core.send({ ...envelope, ...m }),
    (l) => openLessonData(l, 'message', 'the lesson message'),
  );
  // autoheight=1: Canvas's lti.frameResize and H5P's resizer handshake, to the same parent origin only
  const sizing =
    new URLSearchParams(search).get('autoheight') === '1'
      ? startAutoHeight((m) => {
          const origin = core.targetOrigin();
          if (origin) window.parent.postMessage(m, origin);
        })
      : null;
  const onMessage = (e: MessageEvent) => {
    const fromParent = e.source === window.parent && isAllowedOrigin(e.origin, allowed);
    if (fromParent && lessons.handle(e.data)) return;
    if (fromParent && sizing?.handle(e.data)) return;
    core.handle({ origin: e.origin, source: e.source, data: e.data });
  };
  window.addEventListener('message', onMessage);

  let lastStep: number | null = null;
  const sendStep = (step: number, requestId?: RequestId) => {
    lastStep = step;
    send({ ...envelope, type: 'step', step, ...withRequestId(requestId) });
  };

  const announce = () => {
    if (ready) return;
    ready = true;
    const step = currentStep() ?? params.step ?? null;
    send({
      ...envelope,
      type: 'ready',
      lesson: params.lesson ?? null,
      step,
      view: params.view,
      readonly: params.readonly,
    });
    if (step !== null) sendStep(step);
    flush('change', true);
  };
  const unsubStore = useStore.subscribe((s, prev) => {
    if (!ready && s.engineStatus === 'ready') announce();
    if (!ready) return;
    if (s.inputs !== prev.inputs && s.inputs.length !== prev.inputs.length) flush('command');
    else if (s.objects !== prev.objects) flush('change');
  });
  if (useStore.getState().engineStatus === 'ready') announce();
  // A step the parent asked for is answered by the `step` action above (with its requestId).
  const unsubStep = onStep((step, by) => {
    if (ready && by !== 'parent' && step !== lastStep) sendStep(step);
  });

  return () => {
    clearTimeout(timer);
    window.removeEventListener('message', onMessage);
    unsubStore();
    unsubStep();
    lessons.stop();
    sizing?.stop();
  };
}
