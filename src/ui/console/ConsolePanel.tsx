// A terminal-like kubectl console: the scrollback from the store, and an input line that runs
// `kubectl …` and `sim …` commands, with history (↑/↓), Tab completion, Ctrl+L and Ctrl+C.

import {
  memo,
  useCallback,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type KeyboardEvent,
} from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { useStore } from '../../state/store';
import { selectBusy, selectConsoleHistory, selectConsoleLines, selectNamespace } from '../../state/selectors';
import type { ConsoleLine } from '../../state/consoleSlice';
import { cancelCommand, runCommand } from '../../state/actions';
import { editFetchArgs, openForEdit } from '../../state/editObject';
import { useTimeline } from '../../state/timelineStore';
import { usePanelTools } from '../layout/PanelTools';
import { complete, formatColumns, kubectlCommandTable, loadCommandTable } from './completion';
import { FRESH, historyDown, historyUp, type HistoryCursor } from './history';
import { objectIndex } from './objectIndex';
import { displayText, rowPieces, transcript } from './transcript';
import './console.css';

/** Within this many pixels of the bottom counts as "at the bottom" (keeps following new output). */
const STICKY_PX = 24;

/** One row of output, wrapped at spaces: words with a hyphen stay whole (`--force`, not `--|force`). */
function Row({ row }: { row: string }) {
  return (
    <span className="console-row">
      {row === ''
        ? ' '
        : rowPieces(row).map((p, i) =>
            p.keep ? (
              <span key={i} className="console-word">
                {p.text}
              </span>
            ) : (
              p.text
            ),
          )}
    </span>
  );
}

const Line = memo(function Line({ line, wrap }: { line: ConsoleLine; wrap: boolean }) {
  const text = displayText(line);
  return (
    <div className={`console-line ${line.kind}`}>
      {line.kind === 'command' ? (
        <span className="console-prompt" aria-hidden="true">
          ${' '}
        </span>
      ) : null}
      {wrap ? text.split('\n').map((row, i) => <Row key={i} row={row} />) : text === '' ? ' ' : text}
    </div>
  );
});

async function copyText(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    // no clipboard API (insecure context, permissions): the old way
    const ta = document.createElement('textarea');
    ta.value = text;
    ta.setAttribute('readonly', '');
    ta.style.position = 'fixed';
    ta.style.opacity = '0';
    document.body.appendChild(ta);
    ta.select();
    let ok = false;
    try {
      ok = document.execCommand('copy');
    } catch {
      ok = false;
    }
    ta.remove();
    return ok;
  }
}

export default function ConsolePanel() {
  const { t } = useTranslation('console');
  const lines = useStore(selectConsoleLines);
  const history = useStore(selectConsoleHistory);
  const busy = useStore(selectBusy);
  const namespace = useStore(selectNamespace);
  const rewinding = useTimeline((s) => s.rewinding);
  const wrap = useStore((s) => s.consoleWrap);
  // The toolbar goes into the panel's title row (AppShell's slot), so the output gets that row.
  const toolsSlot = usePanelTools('console');
  const [input, setInput] = useState('');
  const [queue, setQueue] = useState<string[]>([]);
  const [copied, setCopied] = useState<'ok' | 'failed' | null>(null);
  const [atBottom, setAtBottom] = useState(true);
  const cursor = useRef<HistoryCursor>(FRESH);
  const logRef = useRef<HTMLDivElement>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const measureRef = useRef<HTMLSpanElement>(null);
  /** Where the caret goes once a completed line is on screen (set in the same commit, not a frame later). */
  const caret = useRef<number | null>(null);
  useLayoutEffect(() => {
    if (caret.current === null || !inputRef.current) return;
    inputRef.current.setSelectionRange(caret.current, caret.current);
    caret.current = null;
  }, [input]);
  const stick = useRef(true);
  const table = useMemo(() => kubectlCommandTable(), []);

  // Follow new output unless the user scrolled up: at the next frame, before its paint (the new lines
  // are never drawn before the scroll). Not in the commit: reading scrollHeight there forced a layout
  // of the whole page inside it — React's first commit (the longest task while the page starts), and
  // a share link's replay, whose first snapshot's commit then took 200 ms at 4× CPU (issue 24); the
  // frame does that layout anyway.
  useLayoutEffect(() => {
    const el = logRef.current;
    if (!el || !stick.current) return;
    const frame = requestAnimationFrame(() => {
      if (stick.current) el.scrollTop = el.scrollHeight;
    });
    return () => cancelAnimationFrame(frame);
  }, [lines]);

  const onScroll = useCallback(() => {
    const el = logRef.current;
    if (!el) return;
    const bottom = el.scrollHeight - el.scrollTop - el.clientHeight <= STICKY_PX;
    stick.current = bottom;
    setAtBottom(bottom);
  }, []);

  const toBottom = useCallback(() => {
    const el = logRef.current;
    stick.current = true;
    setAtBottom(true);
    if (el) el.scrollTop = el.scrollHeight;
  }, []);

  const run = useCallback((line: string) => {
    const trimmed = line.trim();
    if (trimmed === 'clear') {
      useStore.getState().clearConsole();
      return;
    }
    // `kubectl edit TYPE NAME` opens the object in the Manifest panel (the page's editor), when the
    // panel is on screen and may apply (not `view=console`/`graph`, not `readonly=1`).
    const editable = !!document.querySelector('[data-testid="apply-button"]:not([disabled])');
    if (editable && editFetchArgs(trimmed)) void openForEdit(trimmed);
    else void runCommand(trimmed);
  }, []);

  // Commands typed while one runs (or while going back in time) wait their turn.
  useEffect(() => {
    if (busy || rewinding || queue.length === 0) return;
    const [next, ...rest] = queue;
    setQueue(rest);
    run(next);
  }, [busy, rewinding, queue, run]);

  const submit = () => {
    const line = input;
    cursor.current = FRESH;
    setInput('');
    toBottom();
    if (!line.trim()) {
      useStore.getState().appendLine('command', '');
      return;
    }
    if (busy || rewinding || queue.length > 0) setQueue((q) => [...q, line]);
    else run(line);
  };

  /** Terminal width in characters, for laying out completion lists. */
  const columns = () => {
    const el = logRef.current;
    const m = measureRef.current;
    if (!el || !m) return 80;
    const w = m.getBoundingClientRect().width / 10;
    return w > 0 ? Math.max(20, Math.floor((el.clientWidth - 16) / w)) : 80;
  };

  const onTab = (el: HTMLInputElement) => {
    const pos = el.selectionStart ?? input.length;
    const before = input.slice(0, pos);
    const after = input.slice(pos);
    const s = useStore.getState();
    const c = complete(before, table, objectIndex(s.objects, s.namespace));
    if (c.list.length > 0) {
      s.appendLine('command', input);
      s.appendLine('info', formatColumns(c.list, columns()));
      toBottom();
      return;
    }
    if (c.before !== before) {
      caret.current = c.before.length;
      setInput(c.before + after);
    }
  };

  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    const el = e.currentTarget;
    const ctrl = e.ctrlKey && !e.altKey && !e.metaKey;
    if (e.key === 'Enter') {
      e.preventDefault();
      submit();
    } else if (e.key === 'ArrowUp') {
      const m = historyUp(history, cursor.current, input);
      e.preventDefault();
      if (m) {
        cursor.current = m.cursor;
        setInput(m.line);
      }
    } else if (e.key === 'ArrowDown') {
      const m = historyDown(history, cursor.current);
      e.preventDefault();
      if (m) {
        cursor.current = m.cursor;
        setInput(m.line);
      }
    } else if (e.key === 'Tab' && !e.shiftKey && !ctrl && input.trim() !== '') {
      // Tab completes a started line; on an empty line (and with Shift) it moves focus as usual,
      // so keyboard users are never trapped in the console.
      e.preventDefault();
      onTab(el);
    } else if (ctrl && (e.key === 'l' || e.key === 'L')) {
      e.preventDefault();
      useStore.getState().clearConsole();
      toBottom();
    } else if (ctrl && (e.key === 'c' || e.key === 'C')) {
      // With text selected in the input, Ctrl+C copies; otherwise it cancels the line, as in a shell.
      if (el.selectionStart !== el.selectionEnd) return;
      e.preventDefault();
      // A watching command (kubectl rollout status) is stopped, as ^C stops a real watch.
      if (busy) void cancelCommand();
      useStore.getState().appendLine('command', `${input}^C`);
      cursor.current = FRESH;
      setInput('');
      setQueue([]);
      toBottom();
    } else if (ctrl && (e.key === 'u' || e.key === 'U')) {
      e.preventDefault();
      setInput(input.slice(el.selectionStart ?? input.length));
      requestAnimationFrame(() => el.setSelectionRange(0, 0));
    }
  };

  const onCopyAll = async () => {
    const ok = await copyText(transcript(useStore.getState().lines));
    setCopied(ok ? 'ok' : 'failed');
    setTimeout(() => setCopied(null), 1800);
  };

  // A click in the scrollback puts the cursor on the input line, unless text is being selected.
  const onLogMouseUp = () => {
    const sel = window.getSelection();
    if (sel && !sel.isCollapsed && sel.toString() !== '') return;
    inputRef.current?.focus({ preventScroll: true });
  };

  const waiting = busy || rewinding;

  const toolbar = (
    <div className="console-toolbar">
      <span className="console-status" aria-live="polite" data-testid="console-status">
        {waiting ? (
          <>
            <span className="spinner" aria-hidden="true" /> {rewinding ? t('rewinding') : t('running')}
            {queue.length > 0 ? ` · ${t('queued', { count: queue.length })}` : ''}
          </>
        ) : (
          // the keys one by one: those that fit are shown whole, the rest wrap out of sight (never "Tab comp…")
          <span className="console-hint" title={t('hint')}>
            {t('hint')
              .split(' · ')
              .map((k, i) => (
                <span key={k}>
                  {i > 0 ? '· ' : ''}
                  {k}
                </span>
              ))}
          </span>
        )}
      </span>
      <button
        type="button"
        className="console-wrap"
        aria-pressed={wrap}
        onClick={() => useStore.getState().setConsoleWrap(!wrap)}
        title={wrap ? t('wrapOnHint') : t('wrapOffHint')}
        data-testid="console-wrap"
      >
        {t('wrap')}
      </button>
      <button
        type="button"
        onClick={() => void onCopyAll()}
        disabled={lines.length === 0}
        data-testid="console-copy"
      >
        {copied === 'ok' ? t('copied') : copied === 'failed' ? t('copyFailed') : t('copyAll')}
      </button>
      <button
        type="button"
        onClick={() => {
          useStore.getState().clearConsole();
          inputRef.current?.focus();
        }}
        disabled={lines.length === 0}
        title={t('clearHint')}
        data-testid="console-clear"
      >
        {t('clear')}
      </button>
    </div>
  );

  return (
    <div
      className="console-panel"
      data-testid="console"
      data-busy={waiting ? 'true' : 'false'}
      data-wrap={wrap ? 'true' : 'false'}
    >
      <span ref={measureRef} className="console-measure" aria-hidden="true">
        MMMMMMMMMM
      </span>
      {toolsSlot ? createPortal(toolbar, toolsSlot) : toolbar}
      <div
        ref={logRef}
        className={`console-log${wrap ? ' wrap' : ''}`}
        role="log"
        aria-live="polite"
        aria-label={t('logLabel')}
        tabIndex={0}
        onScroll={onScroll}
        onMouseUp={onLogMouseUp}
        data-testid="console-log"
      >
        {lines.length === 0 ? <div className="console-welcome">{t('welcome')}</div> : null}
        {lines.map((l) => (
          <Line key={l.id} line={l} wrap={wrap} />
        ))}
      </div>
      {!atBottom ? (
        <button type="button" className="console-jump" onClick={toBottom} data-testid="console-jump">
          {t('jumpToLatest')}
        </button>
      ) : null}
      <div className="console-input-row nokey">
        <label htmlFor="console-input" className="console-prompt">
          {/* the context's namespace once set-context changed it, as kube-ps1 shows it */}
          {namespace !== 'default' ? (
            <span className="console-namespace" title={t('namespace')} data-testid="console-namespace">
              {namespace}
            </span>
          ) : null}
          <span aria-hidden="true">$</span>
          <span className="sr-only">{t('inputLabel')}</span>
        </label>
        <input
          id="console-input"
          ref={inputRef}
          className="console-input"
          type="text"
          value={input}
          onChange={(e) => {
            setInput(e.target.value);
          }}
          onKeyDown={onKeyDown}
          // the emulator's command table (a big chunk) loads when the console is first used
          onFocus={() => void loadCommandTable()}
          placeholder={t('placeholder')}
          autoComplete="off"
          autoCorrect="off"
          autoCapitalize="off"
          spellCheck={false}
          aria-describedby="console-input-help"
          data-testid="console-input"
        />
        <span id="console-input-help" className="sr-only">
          {t('inputHelp')}
        </span>
      </div>
    </div>
  );
}
