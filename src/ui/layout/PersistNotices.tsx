// Notices about the work kept in this browser: a session restored after a reload (with "start
// fresh"), and anything that could not be saved (with a download of the editor text).

import { useTranslation } from 'react-i18next';
import { useStore } from '../../state/store';
import { useSaveStatus } from '../../state/saving';
import { useSessionNotice } from '../../state/sessionNotice';
import { currentSharedState, startFresh } from '../../share/session';
import { downloadScenario } from '../../share/file';
import './notices.css';

function clock(ms: number): string {
  const secs = Math.round(ms / 1000);
  return `${Math.floor(secs / 60)}m${String(secs % 60).padStart(2, '0')}s`;
}

export function SessionNotice() {
  const { t } = useTranslation('reliability');
  const restored = useSessionNotice((s) => s.restored);
  const failed = useSessionNotice((s) => s.failed);
  if (!restored && !failed) return null;
  return (
    <div className="persist-notice" role="status" data-testid="session-notice">
      <span>
        {restored
          ? t('restore.text', { count: restored.commands, time: clock(restored.until) })
          : t('restore.failed', { reason: failed })}
      </span>
      <span className="persist-notice-actions">
        {restored && (
          <button type="button" data-testid="session-fresh" onClick={() => void startFresh()}>
            {t('restore.fresh')}
          </button>
        )}
        <button
          type="button"
          onClick={() => useSessionNotice.getState().dismiss()}
          aria-label={t('storage.dismiss')}
        >
          ×
        </button>
      </span>
    </div>
  );
}

/** Offers the editor text as a file (the one thing that cannot be rebuilt from the inputs). */
function downloadEditorText(): void {
  const blob = new Blob([useStore.getState().editorText], { type: 'application/yaml' });
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = 'manifest.yaml';
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

export function StorageNotice() {
  const { t } = useTranslation('reliability');
  const problem = useSaveStatus((s) => s.problem);
  const sessionLost = useSaveStatus((s) => s.problems.has('session') || s.problems.has('all'));
  const dismissed = useSaveStatus((s) => s.dismissed);
  if (!problem || dismissed) return null;
  const text =
    problem.problem === 'unavailable'
      ? t('storage.unavailable')
      : problem.problem === 'quota'
        ? t('storage.quota')
        : t('storage.error', { reason: problem.reason });
  return (
    <div
      className={`persist-notice ${problem.problem === 'unavailable' ? '' : 'warn'}`}
      role={problem.problem === 'unavailable' ? 'status' : 'alert'}
      data-testid="storage-notice"
      data-problem={problem.problem}
    >
      <span>{text}</span>
      <span className="persist-notice-actions">
        <button type="button" data-testid="storage-download" onClick={downloadEditorText}>
          {t('storage.download')}
        </button>
        {sessionLost && (
          <button
            type="button"
            data-testid="storage-download-scenario"
            onClick={() => downloadScenario(currentSharedState())}
          >
            {t('storage.downloadScenario')}
          </button>
        )}
        <button
          type="button"
          onClick={() => useSaveStatus.getState().dismiss()}
          aria-label={t('storage.dismiss')}
        >
          ×
        </button>
      </span>
    </div>
  );
}
