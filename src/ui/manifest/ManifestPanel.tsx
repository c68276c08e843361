// The manifest panel: the YAML editor (lazy: Monaco loads after the page paints), Apply, the apply
// error, and the diff view of the template against a generated pod.

import { lazy, Suspense, useCallback, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useStore } from '../../state/store'
import { selectApplyError, selectDirty, selectEditorText, selectMarkers, selectTheme } from '../../state/selectors'
import { applyEditor } from '../../state/actions'
import { LoadWhenVisible } from '../../embed/LoadWhenVisible'

const YamlEditor = lazy(() => import('../editor/YamlEditor'))
const ComparePanel = lazy(() => import('./ComparePanel'))

export default function ManifestPanel({ readOnly }: { readOnly: boolean }) {
  const { t } = useTranslation('common')
  const text = useStore(selectEditorText)
  const markers = useStore(selectMarkers)
  const applyError = useStore(selectApplyError)
  const dirty = useStore(selectDirty)
  const theme = useStore(selectTheme)
  const busy = useStore((s) => s.busy)
  const setText = useStore((s) => s.setEditorText)
  const onApply = useCallback(() => {
    if (!readOnly) void applyEditor()
  }, [readOnly])
  const [tab, setTab] = useState<'edit' | 'compare'>('edit')
  return (
    <div className="manifest-panel">
      <div className="manifest-tabs" role="tablist" aria-label={t('manifest.views')}>
        <button type="button" role="tab" aria-selected={tab === 'edit'} className={tab === 'edit' ? 'active' : ''} onClick={() => setTab('edit')} data-testid="tab-edit">
          {t('manifest.editTab')}
        </button>
        <button type="button" role="tab" aria-selected={tab === 'compare'} className={tab === 'compare' ? 'active' : ''} onClick={() => setTab('compare')} data-testid="tab-compare">
          {t('manifest.compareTab')}
        </button>
      </div>
      {tab === 'compare' ? (
        <Suspense fallback={<div className="loading">{t('manifest.loadingEditor')}</div>}>
          <ComparePanel />
        </Suspense>
      ) : null}
      <div className="manifest-toolbar" hidden={tab !== 'edit'}>
        <button type="button" className="primary" onClick={onApply} disabled={readOnly || busy} data-testid="apply-button" title={t('manifest.applyHint')}>
          {t('manifest.apply')}
        </button>
        <span className="manifest-state" aria-live="polite" data-testid="manifest-state">
          {dirty ? t('manifest.unapplied') : t('manifest.applied')}
        </span>
      </div>
      {applyError && tab === 'edit' ? (
        <div className="manifest-error" role="alert" data-testid="apply-error">
          {applyError}
        </div>
      ) : null}
      <div className="manifest-editor" hidden={tab !== 'edit'}>
        <LoadWhenVisible preview={text}>
          <Suspense fallback={<div className="loading">{t('manifest.loadingEditor')}</div>}>
            <YamlEditor value={text} onChange={setText} onApply={onApply} markers={markers} theme={theme} readOnly={readOnly} ariaLabel={t('manifest.editorLabel')} />
          </Suspense>
        </LoadWhenVisible>
      </div>
    </div>
  )
}
