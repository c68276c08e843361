// `?`: the keyboard shortcut sheet, and the page-wide shortcuts themselves.

import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { OTHER_KEYS, SHORTCUTS, isTypingTarget, shortcutFor } from './shortcuts';
import { useStore } from '../../state/store';
import { pause, play, step } from '../../state/actions';
import { togglePresent } from './PresentToggle';

function focusFirst(selector: string, panel?: 'console' | 'editor'): void {
  // A folded panel (presentation mode, the embed's lesson) opens first, then takes the focus.
  const fold = panel
    ? document.querySelector<HTMLButtonElement>(`[data-testid="${panel}-toggle"][aria-expanded="false"]`)
    : null;
  if (fold) {
    fold.click();
    requestAnimationFrame(() =>
      requestAnimationFrame(() => document.querySelector<HTMLElement>(selector)?.focus()),
    );
    return;
  }
  document.querySelector<HTMLElement>(selector)?.focus();
}

export function ShortcutSheet({ compact = false }: { compact?: boolean }) {
  const { t } = useTranslation('common');
  const [open, setOpen] = useState(false);
  const dialog = useRef<HTMLDialogElement>(null);

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (isTypingTarget(document.activeElement)) return;
      const action = shortcutFor(e.key, e.ctrlKey, e.altKey, e.metaKey);
      if (!action) return;
      e.preventDefault();
      switch (action) {
        case 'help':
          setOpen((o) => !o);
          return;
        case 'playPause':
          void (useStore.getState().playing ? pause() : play());
          return;
        case 'step':
          void step();
          return;
        case 'focusConsole':
          focusFirst('[data-testid="console-input"]', 'console');
          return;
        case 'focusEditor':
          focusFirst('.monaco-editor textarea, .monaco-editor .native-edit-context', 'editor');
          return;
        case 'present':
          togglePresent();
          return;
        case 'focusGraph':
          focusFirst('[data-testid="graph-panel"] .react-flow__node, [data-testid="graph-panel"] [tabindex]');
          return;
        default:
          return;
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  useEffect(() => {
    const d = dialog.current;
    if (!d) return;
    // The Close button takes the focus when the sheet opens. Not React's autoFocus: that focuses it when
    // the (closed) dialog mounts, which forced the page's first layout inside React's first commit,
    // the longest task of a phone's first seconds (issue 24).
    if (open && !d.open) {
      d.showModal();
      d.querySelector<HTMLButtonElement>('button[type="submit"]')?.focus();
    }
    if (!open && d.open) d.close();
  }, [open]);

  return (
    <>
      <button
        type="button"
        className={`help-button${compact ? ' compact' : ''}`}
        aria-label={t('shortcuts.open')}
        title={t('shortcuts.open')}
        onClick={() => setOpen(true)}
        data-testid="shortcuts-button"
      >
        ?
      </button>
      <dialog
        ref={dialog}
        className="shortcut-sheet"
        aria-labelledby="shortcut-title"
        onClose={() => setOpen(false)}
        data-testid="shortcut-sheet"
      >
        <h2 id="shortcut-title">{t('shortcuts.title')}</h2>
        {/* the rows only while open: nothing of the sheet is built while the page starts */}
        {open ? (
          <table>
            <tbody>
              {SHORTCUTS.map((s) => (
                <tr key={s.keys}>
                  <td>
                    <kbd>{s.keys}</kbd>
                  </td>
                  <td>{t(`shortcuts.${s.action}`)}</td>
                </tr>
              ))}
              {OTHER_KEYS.map((k) => (
                <tr key={k}>
                  <td>
                    <kbd>{t(`shortcuts.keys.${k}`)}</kbd>
                  </td>
                  <td>{t(`shortcuts.${k}`)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        ) : null}
        <form method="dialog">
          <button type="submit" className="primary">
            {t('shortcuts.close')}
          </button>
        </form>
      </dialog>
    </>
  );
}
