// Says when the live objects differ from the text the editor applied, and who changed them ("changed
// by `kubectl set image`", the whole command on hover), with "Load the live object" and a diff; and, before an Apply that would
// put the old text back over such a change, asks first. The state is src/state/liveDrift.ts.

import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Kind } from '../../engine';
import type { LiveDrift } from '../../state/liveDrift';
import { liveDriftNow, loadLiveDrift } from '../../state/liveDriftLoad';
import { commandName } from '../../state/commandName';
import { useStore } from '../../state/store';
import type { AppState } from '../../state/store';
import { Breakable } from '../graph/nodes/Breakable';
import { LazyDiffView } from '../editor/LazyDiffView';

const liveOf = (s: AppState) => (kind: Kind, key: string) => s.mirror.get(kind, key);

/**
 * src/state/liveDrift.ts once there is an applied text (it comes on first use, issue 24: whatever
 * applied the text has mostly loaded it already; else it is fetched now and the notice follows).
 */
function useLiveDriftModule(needed: boolean) {
  const [mod, setMod] = useState(liveDriftNow);
  useEffect(() => {
    if (!needed || mod) return;
    let current = true;
    loadLiveDrift().then(
      (m) => {
        if (current) setMod(m);
      },
      () => undefined, // not loaded (offline without the cache): no notice
    );
    return () => {
      current = false;
    };
  }, [needed, mod]);
  return mod;
}

/** The drift of the applied text, recomputed only when the applied objects' fingerprints move. */
export function useLiveDrift(): LiveDrift | null {
  const applied = useStore((s) => s.appliedText);
  const changes = useStore((s) => s.liveChanges);
  const drift = useLiveDriftModule(applied !== null);
  const sig = useStore((s) => (drift ? drift.liveSignature(s.appliedText, liveOf(s)) : ''));
  return useMemo(() => {
    void sig;
    return drift ? drift.liveDrift(applied, changes, liveOf(useStore.getState())) : null;
  }, [applied, changes, sig, drift]);
}

/** The editor's text replaced by the live objects (counts as applied: it is what the cluster holds). */
export function loadLive(): void {
  const s = useStore.getState();
  // (the notice that offers this shows a drift: liveDrift.ts is in)
  const drift = liveDriftNow();
  if (s.appliedText === null || drift === null) return;
  const text = drift.liveText(s.appliedText, liveOf(s));
  useStore.setState({
    editorText: text,
    appliedText: text,
    liveChanges: null,
    markers: [],
    applyError: null,
  });
}

function Objects({ drift }: { drift: LiveDrift }) {
  const { t } = useTranslation('common');
  return (
    <>
      {drift.objects.map((o, i) => (
        <span key={`${o.kind}/${o.name}`}>
          {i > 0 ? ', ' : ''}
          {o.kind}{' '}
          <code>
            <Breakable text={o.name} />
          </code>
          {o.deleted ? ` ${t('manifest.live.deleted')}` : ''}
        </span>
      ))}
    </>
  );
}

/** The commands by name (`kubectl set image`), each once, the whole line on hover (and in the console). */
function Commands({ by }: { by: readonly string[] }) {
  const named = new Map<string, string[]>();
  for (const b of by) {
    const n = commandName(b);
    named.set(n, [...(named.get(n) ?? []), b]);
  }
  return (
    <>
      {[...named].map(([n, lines], i) => (
        <span key={n}>
          {i > 0 ? ', ' : ''}
          <code className="live-cmd" title={lines.join('\n')} data-lines={lines.join('\n')}>
            <Breakable text={n} />
          </code>
        </span>
      ))}
    </>
  );
}

export interface LiveNoticeProps {
  drift: LiveDrift;
  diffOpen: boolean;
  onToggleDiff: () => void;
  /** Apply was pressed on this text: ask before putting it back over the live change */
  confirming: boolean;
  onApplyAnyway: () => void;
  onCancel: () => void;
  readOnly: boolean;
}

export function LiveNotice({
  drift,
  diffOpen,
  onToggleDiff,
  confirming,
  onApplyAnyway,
  onCancel,
  readOnly,
}: LiveNoticeProps) {
  const { t } = useTranslation('common');
  return (
    <div
      className={`live-notice${confirming ? ' confirming' : ''}`}
      role={confirming ? 'alertdialog' : 'status'}
      aria-label={t('manifest.live.title')}
      data-testid="live-notice"
    >
      <p className="live-why" data-testid="live-why">
        {t('manifest.live.differs')} <Objects drift={drift} />
        {drift.by.length ? (
          <>
            {' '}
            {t('manifest.live.changedBy')} <Commands by={drift.by} />
          </>
        ) : (
          ` ${t('manifest.live.changedUnknown')}`
        )}
        {t('manifest.live.end')}
      </p>
      {confirming ? (
        <p className="live-confirm" data-testid="live-confirm">
          <strong>{t('manifest.live.confirm')}</strong>
        </p>
      ) : null}
      <div className="live-actions">
        {confirming ? (
          <>
            <button type="button" className="primary" onClick={onApplyAnyway} data-testid="live-apply-anyway">
              {t('manifest.live.applyAnyway')}
            </button>
            <button type="button" onClick={onCancel} data-testid="live-cancel">
              {t('manifest.live.cancel')}
            </button>
          </>
        ) : null}
        {readOnly ? null : (
          <button
            type="button"
            className={confirming ? '' : 'primary'}
            onClick={loadLive}
            data-testid="live-load"
          >
            {t('manifest.live.load')}
          </button>
        )}
        <button type="button" aria-expanded={diffOpen} onClick={onToggleDiff} data-testid="live-diff-toggle">
          {diffOpen ? t('manifest.live.hideDiff') : t('manifest.live.showDiff')}
        </button>
      </div>
    </div>
  );
}

/** The editor's text beside the live objects (Monaco's diff editor, lazy). */
export function LiveDiff() {
  const { t } = useTranslation('common');
  const theme = useStore((s) => s.theme);
  const present = useStore((s) => s.present);
  const editorText = useStore((s) => s.editorText);
  const drift = useLiveDriftModule(true);
  const sig = useStore((s) => (drift ? drift.liveSignature(s.appliedText, liveOf(s)) : ''));
  const live = useMemo(() => {
    void sig;
    const s = useStore.getState();
    return s.appliedText === null || !drift ? '' : drift.liveText(s.appliedText, liveOf(s));
  }, [sig, drift]);
  return (
    <div className="live-diff" data-testid="live-diff">
      <LazyDiffView
        fallback={<div className="loading">{t('manifest.loadingEditor')}</div>}
        original={editorText}
        modified={live}
        originalLabel={t('manifest.live.thisText')}
        modifiedLabel={t('manifest.live.inCluster')}
        theme={theme}
        fontSize={present ? 16 : undefined}
      />
    </div>
  );
}
