// The one-click toleration fix's preview (WhyPanel): the DaemonSet's manifest with the toleration added,
// as a line diff, and its Apply. It writes YAML (the yaml package), so it is a chunk of its own that
// WhyPanel loads (lazy): the graph's chunk, which the first graph card waits for, does not carry the
// package (issue 24).

import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { DaemonSet } from '../../engine';
import type { Fix } from './system/why';
import { daemonSetManifest, dedentDiff, lineDiff, tolerationFor, withToleration } from './system/manifest';
import { toYaml } from './system/manifestYaml';
import { run } from './graphActions';

export default function TolerateFixPreview({
  ds,
  fix,
  onClose,
}: {
  ds: DaemonSet;
  fix: Extract<Fix, { type: 'tolerate' }>;
  onClose: () => void;
}) {
  const { t } = useTranslation('graph');
  const plan = useMemo(() => {
    const before = daemonSetManifest(ds);
    const after = withToleration(before, tolerationFor(fix.taint));
    const a = toYaml(before);
    const b = toYaml(after);
    return { yaml: b, diff: dedentDiff(lineDiff(a, b)) };
  }, [ds, fix.taint]);
  const d = plan.diff;
  return (
    <div className="fix-preview" data-testid="why.fix.preview">
      <div className="fix-preview-title">{t('why.fix.previewTitle', { ds: ds.metadata.name })}</div>
      <pre className="diff" aria-label={t('why.fix.diffLabel')}>
        {d.before.map((l, i) => (
          <span key={`b${i}`} className="diff-ctx">{`  ${l}\n`}</span>
        ))}
        {d.removed.map((l, i) => (
          <span key={`r${i}`} className="diff-del">{`- ${l}\n`}</span>
        ))}
        {d.added.map((l, i) => (
          <span key={`a${i}`} className="diff-add">{`+ ${l}\n`}</span>
        ))}
        {d.after.map((l, i) => (
          <span key={`c${i}`} className="diff-ctx">{`  ${l}\n`}</span>
        ))}
      </pre>
      <div className="fix-actions">
        <button
          type="button"
          className="primary"
          data-testid="why.fix.apply"
          onClick={() => {
            onClose();
            void run('kubectl apply -f -', {
              stdin: plan.yaml,
              echo: 'kubectl apply -f daemonset-with-toleration.yaml',
              remember: false,
            });
          }}
        >
          {t('why.fix.apply')}
        </button>
        <button type="button" onClick={() => onClose()}>
          {t('why.fix.cancel')}
        </button>
      </div>
    </div>
  );
}
