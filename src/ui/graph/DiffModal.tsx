// "Diff with the template": the DaemonSet's pod template beside what the controller made of it for
// one pod (labels it added, the injected tolerations, the node affinity pin), in the lead's DiffView.

import { useEffect, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { DaemonSet, Pod } from '../../engine';
import { controllerRef } from '../../engine/predicates';
import { useStore } from '../../state/store';
import { selectTheme } from '../../state/selectors';
import { useGraphUi } from './graphStore';
import { podTemplateYaml, templateYaml } from './system/manifestYaml';
import { LazyDiffView } from '../editor/LazyDiffView';

export function DiffModal() {
  const { t } = useTranslation('graph');
  const target = useGraphUi((s) => s.diffPod);
  const theme = useStore(selectTheme);
  const pod = useStore((s) =>
    target ? (s.objects.Pod[`${target.namespace}/${target.name}`] as Pod | undefined) : undefined,
  );
  const ref = controllerRef(pod ?? { metadata: { name: '' } as Pod['metadata'] });
  const ds = useStore((s) =>
    pod && ref
      ? (s.objects.DaemonSet[`${pod.metadata.namespace}/${ref.name}`] as DaemonSet | undefined)
      : undefined,
  );
  const texts = useMemo(
    () => (pod && ds ? { original: templateYaml(ds), modified: podTemplateYaml(pod) } : null),
    [pod, ds],
  );
  const closeRef = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (!target) return;
    const returnTo = document.activeElement as HTMLElement | null;
    closeRef.current?.focus();
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') useGraphUi.setState({ diffPod: null });
    };
    window.addEventListener('keydown', onKey);
    return () => {
      window.removeEventListener('keydown', onKey);
      if (returnTo?.isConnected) returnTo.focus();
    };
  }, [target]);
  if (!target) return null;
  const close = () => useGraphUi.setState({ diffPod: null });
  return (
    <div
      className="graph-modal-backdrop nokey"
      onPointerDown={(e) => e.target === e.currentTarget && close()}
    >
      <div
        className="graph-modal"
        role="dialog"
        aria-modal="true"
        aria-label={t('diff.title', { pod: target.name })}
        data-testid="graph.diff"
      >
        <div className="graph-modal-head">
          <h3>{t('diff.title', { pod: target.name })}</h3>
          <button
            ref={closeRef}
            type="button"
            onClick={close}
            aria-label={t('diff.close')}
            data-testid="graph.diff.close"
          >
            ×
          </button>
        </div>
        <p className="muted">{t('diff.intro')}</p>
        <div className="graph-modal-body">
          {texts ? (
            <LazyDiffView
              fallback={<p className="muted">{t('diff.loading')}</p>}
              original={texts.original}
              modified={texts.modified}
              originalLabel={t('diff.template', { ds: ds?.metadata.name ?? '' })}
              modifiedLabel={t('diff.pod', { pod: target.name })}
              theme={theme}
            />
          ) : (
            <p className="muted">{t('inspector.gone')}</p>
          )}
        </div>
      </div>
    </div>
  );
}
