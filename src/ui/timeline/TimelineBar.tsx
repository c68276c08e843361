// The bar under the header: play/pause, step (with what ran and why), speed, the simulated clock, and
// a slider over the recorded history that goes back in time by replaying the inputs.

import { useCallback, useEffect, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useStore } from '../../state/store';
import { useThrottledStore } from '../../state/useThrottledStore';
import {
  selectBusy,
  selectEngineStatus,
  selectInputs,
  selectNow,
  selectPlaying,
  selectStart,
} from '../../state/selectors';
import { pause, play, setSpeed, step } from '../../state/actions';
import type { StepRecord } from '../../engine';
import { formatClock, formatDateTime, formatOffset, stepLine } from '../../state/timeFormat';
import { sliderMax } from '../../state/scrub';
import { goBackTo, useTimeline, watchForks, watchSpeed } from '../../state/timelineStore';
import { useRolloutMarks, watchRollouts, type RolloutMark } from '../../state/rolloutMarks';
import './timeline.css';
import '../graph/nodes/trouble.css';

export const SPEEDS = [1, 10, 60] as const;
/** Markers drawn on the slider for recorded commands (the newest). */
const MAX_MARKERS = 200;
/** How often the running clock may re-render the bar (ms). */
const CLOCK_MS = 100;
const selectNothing = () => 0;
/**
 * The running clock at the resolution the bar shows (whole seconds): at 1× the bar then renders once a
 * second, not with every batch (on a phone's CPU those renders were most of the main thread's work
 * while the page sat idle with the clock running, issue 24).
 */
const selectNowSecond = (s: { now: number; start: number }) =>
  s.start + Math.floor((s.now - s.start) / 1000) * 1000;
/** Keyboard scrubbing replays once the keys have been still this long. */
const KEY_COMMIT_MS = 450;

type LastStep = { record: StepRecord } | { quiet: true } | { error: string };

export default function TimelineBar({ extra }: { extra?: ReactNode } = {}) {
  const { t } = useTranslation('timeline');
  // At 60x the clock moves with every frame; the bar (clock, slider and its markers) follows it at
  // most every CLOCK_MS while it runs (the first move after a pause at once).
  // Paused, it shows the clock as it is (a step, a command).
  const playing = useStore(selectPlaying);
  const running = useThrottledStore(selectNowSecond, CLOCK_MS);
  const still = useStore(playing ? selectNothing : selectNow);
  const now = playing ? running : still;
  const start = useStore(selectStart);
  const busy = useStore(selectBusy);
  const inputs = useStore(selectInputs);
  const status = useStore(selectEngineStatus);
  const { rewinding, branch, fork, error, speed } = useTimeline();
  const [lastStep, setLastStep] = useState<LastStep | null>(null);
  const [drag, setDrag] = useState<number | null>(null);
  const [stepping, setStepping] = useState(false);
  const keyTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const sliderRef = useRef<HTMLInputElement>(null);

  const rolloutMarks = useRolloutMarks((s) => s.marks);
  useEffect(() => {
    const a = watchForks();
    const b = watchSpeed();
    const c = watchRollouts();
    return () => {
      a();
      b();
      c();
      clearTimeout(keyTimer.current);
    };
  }, []);

  const ready = status === 'ready' && start > 0;
  const offset = Math.max(0, now - start);
  const max = sliderMax(branch, offset);
  const shown = drag ?? offset;
  const disabled = !ready || rewinding;

  const onPlay = useCallback(() => {
    if (playing) void pause();
    else void play(useTimeline.getState().speed);
  }, [playing]);

  const onStep = useCallback(async () => {
    setStepping(true);
    try {
      if (useStore.getState().playing) await pause();
      const record = await step();
      setLastStep(record ? { record } : { quiet: true });
    } catch (e) {
      setLastStep({ error: (e as Error).message });
    } finally {
      setStepping(false);
    }
  }, []);

  const onSpeed = useCallback((v: number) => {
    useTimeline.setState({ speed: v });
    void setSpeed(v);
  }, []);

  const commit = useCallback(
    (v: number) => {
      clearTimeout(keyTimer.current);
      // What the last step did belongs to the moment we leave.
      setLastStep(null);
      void goBackTo(v, (b) => {
        const target = formatOffset(b.at);
        useStore
          .getState()
          .appendLine(
            'info',
            `# ${t('consoleNote', { offset: target, clock: formatClock(useStore.getState().start + b.at) })}\n`,
          );
      }).finally(() => setDrag(null));
    },
    [t],
  );

  // A range input fires `change` when the thumb is released (mouse, touch): that is when we go back.
  useEffect(() => {
    const el = sliderRef.current;
    if (!el) return;
    const onRelease = () => commit(Number(el.value));
    el.addEventListener('change', onRelease);
    return () => el.removeEventListener('change', onRelease);
  }, [commit]);

  const onSliderKey = (e: KeyboardEvent<HTMLInputElement>) => {
    const base = drag ?? offset;
    let next: number | null = null;
    switch (e.key) {
      case 'ArrowLeft':
      case 'ArrowDown':
        next = base - 1000;
        break;
      case 'ArrowRight':
      case 'ArrowUp':
        next = base + 1000;
        break;
      case 'PageDown':
        next = base - 10_000;
        break;
      case 'PageUp':
        next = base + 10_000;
        break;
      case 'Home':
        next = 0;
        break;
      case 'End':
        next = max;
        break;
      case 'Enter':
        if (drag !== null) {
          e.preventDefault();
          commit(drag);
        }
        return;
      case 'Escape':
        clearTimeout(keyTimer.current);
        setDrag(null);
        return;
      default:
        return;
    }
    e.preventDefault();
    const v = Math.max(0, Math.min(max, next));
    setDrag(v);
    clearTimeout(keyTimer.current);
    keyTimer.current = setTimeout(() => commit(v), KEY_COMMIT_MS);
  };

  const markers = inputsForMarkers(branch?.inputs ?? inputs);
  const pct = (ms: number) => (max > 0 ? (Math.min(ms, max) / max) * 100 : 0);

  return (
    <div className="timeline-bar nokey" role="region" aria-label={t('label')} data-testid="timeline-bar">
      <div className="timeline-row">
        <button
          type="button"
          className={`timeline-play${playing ? ' playing' : ''}`}
          onClick={onPlay}
          disabled={disabled}
          aria-pressed={playing}
          title={playing ? t('pauseHint') : t('playHint')}
          data-testid="play-toggle"
        >
          <span aria-hidden="true" className="timeline-icon">
            {playing ? '❚❚' : '▶'}
          </span>{' '}
          {playing ? t('pause') : t('play')}
        </button>
        <button
          type="button"
          onClick={() => void onStep()}
          disabled={disabled || stepping || busy}
          title={t('stepHint')}
          data-testid="step-button"
        >
          <span aria-hidden="true" className="timeline-icon">
            ▶❙
          </span>{' '}
          {t('step')}
        </button>
        <label className="timeline-field">
          <span>{t('speed')}</span>
          <select
            value={speed}
            onChange={(e) => onSpeed(Number(e.target.value))}
            disabled={disabled}
            data-testid="speed-select"
          >
            {SPEEDS.map((s) => (
              <option key={s} value={s}>
                {t('speedOption', { n: s })}
              </option>
            ))}
          </select>
        </label>
        <div
          className="timeline-clock"
          title={ready ? t('clockTitle', { date: formatDateTime(now) }) : undefined}
        >
          <span className="timeline-clock-label">{t('clock')}</span>
          <span className="timeline-offset" data-testid="clock-offset">
            {formatOffset(offset)}
          </span>
          <span className="timeline-abs" data-testid="clock-abs">
            {ready ? formatClock(now) : '--:--:--'}
          </span>
        </div>
        <label className="timeline-scrub" htmlFor="timeline-scrub-input">
          <span className="timeline-scrub-label">{t('scrub')}</span>
        </label>
        <div className="timeline-slider">
          <div className="timeline-track" aria-hidden="true">
            {branch ? (
              <div
                className="timeline-future"
                style={{ left: `${pct(branch.at)}%`, width: `${pct(branch.end) - pct(branch.at)}%` }}
              />
            ) : null}
            {markers.map((m, i) => (
              <span
                key={i}
                className={`timeline-marker${branch && m.at > branch.at ? ' dropped' : ''}`}
                style={{ left: `${pct(m.at)}%` }}
              />
            ))}
          </div>
          {rolloutMarks.length ? (
            <RolloutMarks
              marks={rolloutMarks}
              pct={pct}
              branchAt={branch?.at}
              start={start}
              disabled={disabled || busy}
              onGo={commit}
            />
          ) : null}
          <input
            id="timeline-scrub-input"
            type="range"
            min={0}
            max={Math.max(max, 1)}
            step={1}
            value={Math.min(shown, Math.max(max, 1))}
            disabled={disabled || busy || max <= 0}
            title={t('scrubLabel')}
            aria-valuetext={t('scrubValue', {
              offset: formatOffset(shown),
              clock: ready ? formatClock(start + shown) : '',
            })}
            onChange={(e) => setDrag(Number(e.target.value))}
            onKeyDown={onSliderKey}
            ref={sliderRef}
            data-testid="timeline-scrub"
          />
        </div>
        <span className={`timeline-scrub-value${drag !== null ? ' dragging' : ''}`} data-testid="scrub-value">
          {drag !== null ? t('goTo', { offset: formatOffset(drag) }) : formatOffset(max)}
        </span>
        {extra ? <div className="timeline-extra">{extra}</div> : null}
      </div>
      {rewinding || branch || fork || error || lastStep ? (
        <div className="timeline-notes">
          {lastStep && !rewinding ? (
            <div className="timeline-step" role="status" data-testid="step-line">
              <span className="timeline-note-label">{t('lastStep')}</span>{' '}
              {'record' in lastStep ? (
                <code>{stepLine(lastStep.record)}</code>
              ) : 'quiet' in lastStep ? (
                t('quiet')
              ) : (
                t('stepFailed', { message: lastStep.error })
              )}
            </div>
          ) : null}
          {rewinding ? (
            <div className="timeline-note" role="status" data-testid="rewinding-note">
              <span className="spinner" aria-hidden="true" />{' '}
              {t('rewinding', { offset: formatOffset(drag ?? offset) })}
            </div>
          ) : branch ? (
            <div className="timeline-note fork" role="status" data-testid="fork-note">
              <BranchIcon />
              {t('rewound', {
                offset: formatOffset(branch.at),
                end: formatOffset(branch.end),
                count: branch.inputs.length - branch.kept,
              })}
              <button
                type="button"
                className="linkish"
                onClick={() => commit(branch.end)}
                data-testid="return-to-end"
              >
                {t('returnToEnd', { end: formatOffset(branch.end) })}
              </button>
            </div>
          ) : fork ? (
            <div className="timeline-note fork" role="status" data-testid="forked-note">
              <BranchIcon />
              {t('forked', { offset: formatOffset(fork.at), count: fork.dropped })}
              <button type="button" className="linkish" onClick={() => useTimeline.setState({ fork: null })}>
                {t('dismiss')}
              </button>
            </div>
          ) : null}
          {error ? (
            <div className="timeline-note error" role="alert">
              {t('rewindFailed', { message: error })}
              <button type="button" className="linkish" onClick={() => useTimeline.setState({ error: null })}>
                {t('dismiss')}
              </button>
            </div>
          ) : null}
        </div>
      ) : null}
    </div>
  );
}

/** Where a rollout stalled (⚠) and recovered (✓): a click goes back (or forward) to that moment. */
function RolloutMarks({
  marks,
  pct,
  branchAt,
  start,
  disabled,
  onGo,
}: {
  marks: readonly RolloutMark[];
  pct: (ms: number) => number;
  branchAt?: number;
  start: number;
  disabled: boolean;
  onGo: (at: number) => void;
}) {
  const { t } = useTranslation('trouble');
  const shown = marks.length > MAX_MARKERS ? marks.slice(-MAX_MARKERS) : marks;
  return (
    <div className="timeline-rollouts" role="group" aria-label={t('timeline.marks')}>
      {shown.map((m) => {
        const label = t(`timeline.${m.kind}`, {
          ds: m.ds.slice(m.ds.indexOf('/') + 1),
          offset: formatOffset(m.at),
        });
        return (
          <button
            key={`${m.ds}@${m.at}`}
            type="button"
            className={`timeline-rollout ${m.kind}${branchAt !== undefined && m.at > branchAt ? ' dropped' : ''}`}
            style={{ left: `${pct(m.at)}%` }}
            title={`${label} (${formatClock(start + m.at)})`}
            aria-label={label}
            disabled={disabled}
            data-testid={`timeline.rollout.${m.kind}`}
            data-at={m.at}
            onClick={() => onGo(m.at)}
          >
            {m.kind === 'stalled' ? '⚠' : '✓'}
          </button>
        );
      })}
    </div>
  );
}

/** A fork in the road (the timeline branches here). */
function BranchIcon() {
  return (
    <svg
      className="timeline-branch"
      width="14"
      height="14"
      viewBox="0 0 16 16"
      aria-hidden="true"
      focusable="false"
    >
      <circle cx="4" cy="3" r="2" fill="none" stroke="currentColor" strokeWidth="1.6" />
      <circle cx="4" cy="13" r="2" fill="none" stroke="currentColor" strokeWidth="1.6" />
      <circle cx="12" cy="5" r="2" fill="none" stroke="currentColor" strokeWidth="1.6" />
      <path d="M4 5v6M12 7c0 3-8 2-8 4" fill="none" stroke="currentColor" strokeWidth="1.6" />
    </svg>
  );
}

function inputsForMarkers<T extends { at: number }>(inputs: readonly T[]): readonly T[] {
  return inputs.length > MAX_MARKERS ? inputs.slice(-MAX_MARKERS) : inputs;
}
