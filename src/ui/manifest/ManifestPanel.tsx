// The manifest panel: the YAML editor (lazy: Monaco loads after the page paints), the presets
// (added as another document), Apply, the apply error, and the diff view of the template against a
// generated pod.

import { Suspense, useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useStore } from '../../state/store';
import { useShareNotice } from '../../share/notice';
import {
  selectApplyError,
  selectApplyState,
  selectEditorText,
  selectMarkers,
  selectTheme,
} from '../../state/selectors';
import { applyEditor } from '../../state/actions';
import { LoadWhenVisible } from '../layout/LoadWhenVisible';
import { ChunkBoundary, retryableLazy } from '../layout/ChunkBoundary';
import { YamlPreview } from '../editor/YamlPreview';
import { LiveDiff, LiveNotice, useLiveDrift } from './LiveNotice';
import { PRESETS, withPreset, type PresetId } from './presets';

// Each behind a ChunkBoundary: a chunk the network dropped fails its panel only, with a Retry.
const YamlEditor = retryableLazy(() => import('../editor/YamlEditor'));
const ComparePanel = retryableLazy(() => import('./ComparePanel'));

/**
 * A phone (the phone layout's width, or a touch screen): Monaco loads when the learner first touches
 * the editor, not when it is on screen. There the editor is the first panel, and Monaco's start (a
 * megabyte, seconds of a phone's CPU) would hold up the cluster and every tap (issue 24). Read once.
 */
function editorWaitsForUse(): boolean {
  return typeof matchMedia === 'function' && matchMedia('(max-width: 600px), (pointer: coarse)').matches;
}

export interface ManifestPanelProps {
  readOnly: boolean;
  /** a lesson is open (it says what to do, so the first-step hint does not) */
  lessonOpen?: boolean;
  /** the header offers the lesson (the hint mentions it) */
  lessonAvailable?: boolean;
  /**
   * Monaco loads on the first touch, click, focus or key, not when the panel comes into view: in a
   * course page's embed (?embed=1), where its start (a megabyte, the frame's longest tasks) would hold
   * up the page around the frame (issue 24). Phones wait for use in any case.
   */
  editorOnUse?: boolean;
}

export default function ManifestPanel({
  readOnly,
  lessonOpen = false,
  lessonAvailable = false,
  editorOnUse = false,
}: ManifestPanelProps) {
  const { t } = useTranslation('common');
  const text = useStore(selectEditorText);
  const markers = useStore(selectMarkers);
  const applyError = useStore(selectApplyError);
  const state = useStore(selectApplyState);
  // A link or file being replayed (src/share/notice.ts): until the engine answers, the store holds
  // neither its inputs nor its cluster, so what the editor says comes from the state itself (issue 24:
  // said from the cluster not yet restored, the hint and the live-object notice came and went).
  const restoring = useShareNotice((s) => s.restoring);
  // Until the user does something (a command, Apply, a graph action, the lesson), say what to do first.
  const acted = useStore((s) => s.inputs.length > 0) || (restoring !== null && restoring.inputs > 0);
  const hint = !acted && !lessonOpen && !readOnly;
  const theme = useStore(selectTheme);
  const busy = useStore((s) => s.busy);
  const present = useStore((s) => s.present);
  const setText = useStore((s) => s.setEditorText);
  // The live objects changed since the text was applied (set image, undo, the Why panel's fix…):
  // say so, and ask before an Apply puts the old text back over that change.
  const liveDrift = useLiveDrift();
  const drift = restoring ? null : liveDrift;
  const [confirming, setConfirming] = useState(false);
  const [diffOpen, setDiffOpen] = useState(false);
  const hasDrift = drift !== null;
  useEffect(() => {
    if (hasDrift) return;
    setConfirming(false);
    setDiffOpen(false);
  }, [hasDrift]);
  const onApply = useCallback(() => {
    if (readOnly) return;
    if (hasDrift) setConfirming(true);
    else void applyEditor();
  }, [readOnly, hasDrift]);
  const applyAnyway = useCallback(() => {
    setConfirming(false);
    void applyEditor();
  }, []);
  const shownState = drift && state === 'applied' ? 'liveChanged' : state;
  const [tab, setTab] = useState<'edit' | 'compare'>('edit');
  // The classic bundle of sandboxed frames has no Monaco: its plain editor (a text area) costs nothing
  // to start and carries the note that says why, so it shows at once there.
  const [until] = useState<'used' | 'visible'>(() =>
    !import.meta.env.VITE_CLASSIC && (editorOnUse || editorWaitsForUse()) ? 'used' : 'visible',
  );
  const fontSize = present ? 18 : undefined;
  const preview = <YamlPreview text={text} theme={theme} fontSize={fontSize} />;
  return (
    <div className="manifest-panel">
      <div className="manifest-bar">
        <div className="manifest-tabs" role="tablist" aria-label={t('manifest.views')}>
          <button
            type="button"
            role="tab"
            aria-selected={tab === 'edit'}
            className={tab === 'edit' ? 'active' : ''}
            onClick={() => setTab('edit')}
            data-testid="tab-edit"
          >
            {t('manifest.editTab')}
          </button>
          <button
            type="button"
            role="tab"
            aria-selected={tab === 'compare'}
            className={tab === 'compare' ? 'active' : ''}
            onClick={() => setTab('compare')}
            data-testid="tab-compare"
          >
            {t('manifest.compareTab')}
          </button>
        </div>
        <div className="manifest-toolbar" hidden={tab !== 'edit'}>
          <span
            // "Live object changed" is what the notice under the toolbar says at length: kept for
            // screen readers, not drawn a second time in a narrow toolbar
            className={`manifest-state${shownState === 'liveChanged' ? ' sr-only' : ''}`}
            aria-live="polite"
            data-testid="manifest-state"
            data-state={shownState}
            title={t(`manifest.${shownState}`)}
          >
            {t(`manifest.${shownState}`)}
          </span>
          <select
            className="manifest-preset"
            value=""
            disabled={readOnly}
            aria-label={t('manifest.presets')}
            title={t('manifest.presetsHint')}
            data-testid="manifest-preset"
            onChange={(e) => {
              if (e.target.value) setText(withPreset(text, e.target.value as PresetId));
            }}
          >
            <option value="">{t('manifest.presets')}</option>
            {PRESETS.map((p) => (
              <option key={p.id} value={p.id}>
                {t(`manifest.preset.${p.id}`)}
              </option>
            ))}
          </select>
          <button
            type="button"
            className={`primary${hint ? ' beckon' : ''}`}
            onClick={onApply}
            disabled={readOnly || busy}
            data-testid="apply-button"
            title={t('manifest.applyHint')}
          >
            {t('manifest.apply')}
          </button>
        </div>
      </div>
      {hint && tab === 'edit' ? (
        <p className="first-step" role="note" data-testid="first-step-hint">
          <span aria-hidden="true">➜ </span>
          {t(lessonAvailable ? 'manifest.firstStepLesson' : 'manifest.firstStep')}
        </p>
      ) : null}
      {tab === 'compare' ? (
        <ChunkBoundary what="panel" retry={ComparePanel.retry}>
          <Suspense fallback={<div className="loading">{t('manifest.loadingEditor')}</div>}>
            <ComparePanel />
          </Suspense>
        </ChunkBoundary>
      ) : null}
      {drift && tab === 'edit' ? (
        <LiveNotice
          drift={drift}
          diffOpen={diffOpen}
          onToggleDiff={() => setDiffOpen((o) => !o)}
          confirming={confirming}
          onApplyAnyway={applyAnyway}
          onCancel={() => setConfirming(false)}
          readOnly={readOnly}
        />
      ) : null}
      {drift && diffOpen && tab === 'edit' ? <LiveDiff /> : null}
      {applyError && tab === 'edit' ? (
        <div className="manifest-error" role="alert" data-testid="apply-error">
          {applyError}
        </div>
      ) : null}
      <div className="manifest-editor" hidden={tab !== 'edit' || (!!drift && diffOpen)}>
        <LoadWhenVisible preview={preview} until={until} label={t('manifest.editToLoad')}>
          {(used) => (
            // the text is the store's: an editor that could not load leaves it on screen (the preview)
            <ChunkBoundary what="editor" retry={YamlEditor.retry} fallback={preview}>
              <Suspense fallback={preview}>
                <YamlEditor
                  value={text}
                  onChange={setText}
                  onApply={onApply}
                  markers={markers}
                  theme={theme}
                  readOnly={readOnly}
                  ariaLabel={t('manifest.editorLabel')}
                  fontSize={fontSize}
                  autoFocus={used}
                  preview={preview}
                />
              </Suspense>
            </ChunkBoundary>
          )}
        </LoadWhenVisible>
      </div>
    </div>
  );
}
