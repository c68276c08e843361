// "Copy link": puts the situation in a link (#s=…) and on the clipboard; shows the link in a field
// (clipboards are often closed to iframes); a state too long for a link is offered as a file. The panel
// also opens a scenario file, for those who cannot drag one onto the page.

import { useCallback, useEffect, useId, useRef, useState, type ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { shareUrl } from '../../share/index';
import { currentSharedState, restoreShared } from '../../share/session';
import { downloadScenario, readScenarioFile } from '../../share/file';
import { ShareError } from '../../share/errors';
import { useShareNotice } from '../../share/notice';
import type { SharedState } from '../../share/types';
import { ExportButton } from '../export/ExportButton';
import './share.css';

type Made = { state: SharedState; url: string; tooLong: boolean; copied: boolean | null };

async function copyText(text: string): Promise<boolean> {
  try {
    if (!navigator.clipboard) return false;
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    return false;
  }
}

export function ShareButton({ compact = false }: { compact?: boolean }) {
  const { t } = useTranslation('share');
  const [made, setMade] = useState<Made | null>(null);
  const panelId = useId();
  const rootRef = useRef<HTMLDivElement>(null);
  const fieldRef = useRef<HTMLInputElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);

  const close = useCallback(() => {
    setMade(null);
    buttonRef.current?.focus();
  }, []);

  const onClick = useCallback(async () => {
    if (made) {
      setMade(null);
      return;
    }
    const state = currentSharedState();
    const { url, tooLong } = shareUrl(state, location.href);
    setMade({ state, url, tooLong, copied: null });
    if (!tooLong) {
      const copied = await copyText(url);
      setMade((m) => (m && m.url === url ? { ...m, copied } : m));
    }
  }, [made]);

  useEffect(() => {
    if (!made) return;
    fieldRef.current?.select();
    const onDown = (e: PointerEvent) => {
      if (rootRef.current && !rootRef.current.contains(e.target as Node)) setMade(null);
    };
    document.addEventListener('pointerdown', onDown);
    return () => document.removeEventListener('pointerdown', onDown);
  }, [made]);

  const onFile = useCallback(async (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0];
    e.target.value = '';
    if (!file) return;
    setMade(null);
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
  }, []);

  return (
    <div
      className={`share${compact ? ' compact' : ''}`}
      ref={rootRef}
      onKeyDown={(e) => {
        if (e.key === 'Escape' && made) {
          e.stopPropagation();
          close();
        }
      }}
    >
      <button
        ref={buttonRef}
        type="button"
        className="share-button"
        data-testid="share-button"
        aria-expanded={!!made}
        aria-controls={made ? panelId : undefined}
        title={t('copyLinkHint')}
        onClick={() => void onClick()}
      >
        {compact ? t('copyLinkShort') : t('copyLink')}
      </button>
      {made ? (
        <div
          className="share-panel"
          id={panelId}
          role="dialog"
          aria-label={t('panelLabel')}
          data-testid="share-panel"
        >
          {made.tooLong ? (
            <p className="share-too-long" data-testid="share-too-long">
              {t('tooLong', { count: made.url.length })}
            </p>
          ) : (
            <>
              <label className="share-field">
                <span>{t('linkLabel')}</span>
                <input
                  ref={fieldRef}
                  readOnly
                  value={made.url}
                  data-testid="share-link-field"
                  onFocus={(e) => e.target.select()}
                />
              </label>
              <p className="share-status" role="status" data-testid="share-status">
                {made.copied === null
                  ? ''
                  : made.copied
                    ? t('copied', { count: made.url.length })
                    : t('copyManually')}
              </p>
            </>
          )}
          <div className="share-actions">
            <button
              type="button"
              className={made.tooLong ? 'primary' : ''}
              data-testid="share-download"
              onClick={() => downloadScenario(made.state)}
            >
              {t('download')}
            </button>
            <label className="share-open">
              <span>{t('openFile')}</span>
              <input
                type="file"
                accept=".json,application/json,text/plain"
                data-testid="share-file-input"
                onChange={(e) => void onFile(e)}
              />
            </label>
            <ExportButton />
          </div>
          <p className="share-hint">{t('dropHint')}</p>
        </div>
      ) : null}
    </div>
  );
}
