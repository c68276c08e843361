// The share layer of the page: the message about a link or file that could not be opened (role=alert,
// text only), dropping a scenario file anywhere on the page, following a new `#s=…` pasted into the
// address bar, and — in embed mode, where there is no header — a compact "Copy link" button.

import { isLessonFileName } from '../../lessons/source';
import { openLessonFile } from '../../state/lessonHost';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { readSharedState } from '../../share/index';
import { ShareError, type BudgetDetail } from '../../share/errors';
import { useShareNotice } from '../../share/notice';
import { restoreShared } from '../../share/session';
import { readScenarioFile } from '../../share/file';
import { ShareButton } from './ShareButton';
import './share.css';

/** The limit of a budget refusal as a number with its unit (nodes and items as counts, time in hours). */
function budgetLimit(b: BudgetDetail): string {
  return b.kind === 'time' ? `${Math.round(b.limit / 3_600_000)}h` : b.limit.toLocaleString('en-US');
}

function hasFiles(e: DragEvent): boolean {
  return !!e.dataTransfer && Array.from(e.dataTransfer.types).includes('Files');
}

async function openFile(file: File): Promise<void> {
  try {
    await restoreShared(await readScenarioFile(file), 'file');
  } catch (err) {
    useShareNotice
      .getState()
      .show(
        err instanceof ShareError ? err.code : 'file',
        'unchanged',
        err instanceof ShareError ? err.budget : undefined,
      );
  }
}

export function ShareLayer({ embed = false }: { embed?: boolean }) {
  const { t } = useTranslation('share');
  const error = useShareNotice((s) => s.error);
  const info = useShareNotice((s) => s.info);
  const restoring = useShareNotice((s) => s.restoring?.from ?? null);
  const fallback = useShareNotice((s) => s.fallback);
  const budget = useShareNotice((s) => s.budget);
  const dismiss = useShareNotice((s) => s.dismiss);
  const [dragging, setDragging] = useState(false);

  useEffect(() => {
    let depth = 0;
    const enter = (e: DragEvent) => {
      if (!hasFiles(e)) return;
      depth++;
      setDragging(true);
    };
    const over = (e: DragEvent) => {
      if (!hasFiles(e)) return;
      e.preventDefault();
      if (e.dataTransfer) e.dataTransfer.dropEffect = 'copy';
    };
    const leave = (e: DragEvent) => {
      if (!hasFiles(e)) return;
      depth = Math.max(0, depth - 1);
      if (depth === 0) setDragging(false);
    };
    const drop = (e: DragEvent) => {
      if (!hasFiles(e)) return;
      e.preventDefault();
      depth = 0;
      setDragging(false);
      const file = e.dataTransfer?.files[0];
      // a lesson file (.yaml, .yml, .lesson.json) opens as a lesson (issue 13)
      if (file && isLessonFileName(file.name)) void openLessonFile(file);
      else if (file) void openFile(file);
    };
    const onHash = () => {
      let s = null;
      try {
        s = readSharedState(location.hash);
      } catch (err) {
        useShareNotice
          .getState()
          .show(
            err instanceof ShareError ? err.code : 'garbage',
            'unchanged',
            err instanceof ShareError ? err.budget : undefined,
          );
        return;
      }
      if (s) void restoreShared(s, 'link');
    };
    window.addEventListener('dragenter', enter);
    window.addEventListener('dragover', over);
    window.addEventListener('dragleave', leave);
    window.addEventListener('drop', drop);
    window.addEventListener('hashchange', onHash);
    return () => {
      window.removeEventListener('dragenter', enter);
      window.removeEventListener('dragover', over);
      window.removeEventListener('dragleave', leave);
      window.removeEventListener('drop', drop);
      window.removeEventListener('hashchange', onHash);
    };
  }, []);

  // In the embed the line floats over the frame's top (share.css) and goes by itself after a while. On
  // the page it sits above the timeline and stays until dismissed: going by itself, it would move
  // everything under it up while the user reads or aims at something (a layout shift, issue 24).
  useEffect(() => {
    if (!info || !embed) return;
    const h = setTimeout(() => useShareNotice.setState({ info: null }), 8000);
    return () => clearTimeout(h);
  }, [info, embed]);

  return (
    <>
      {error ? (
        <div className="share-notice error" role="alert" data-testid="share-error" data-code={error}>
          <span>
            {t(`error.${error}`)}{' '}
            {error === 'budget' && budget && budget.input > 0
              ? `${t(`budgetDetail.${budget.kind}`, { input: budget.input, limit: budgetLimit(budget) })} `
              : ''}
            {t(fallback === 'default' ? 'fallbackDefault' : 'fallbackUnchanged')}
          </span>
          <button type="button" onClick={dismiss} aria-label={t('dismiss')}>
            ×
          </button>
        </div>
      ) : null}
      {info ? (
        <div className="share-notice info" role="status" data-testid="share-info">
          <span>{t(info === 'link' ? 'restoredLink' : 'restoredFile')}</span>
          <button type="button" onClick={dismiss} aria-label={t('dismiss')}>
            ×
          </button>
        </div>
      ) : restoring && !error ? (
        // the same line while the link or file is replayed, in the place the result will take; its
        // button only keeps the line's height (nothing to dismiss yet)
        <div className="share-notice info" role="status" data-testid="share-restoring">
          <span>{t(restoring === 'link' ? 'restoringLink' : 'restoringFile')}</span>
          <button type="button" className="share-notice-spacer" tabIndex={-1} aria-hidden="true">
            ×
          </button>
        </div>
      ) : null}
      {embed ? (
        <div className="share-embed-corner">
          <ShareButton compact />
        </div>
      ) : null}
      {dragging ? (
        <div className="share-drop" data-testid="share-drop-overlay" aria-hidden="true">
          <p>{t('dropHere')}</p>
        </div>
      ) : null}
    </>
  );
}
