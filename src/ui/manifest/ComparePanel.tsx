// Side-by-side diff (Monaco's diff editor, lazy): a DaemonSet template against a pod the controller
// generated from it, any two ControllerRevisions, or any two ReplicaSets (a Deployment's versions).

import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useStore } from '../../state/store';
import { selectTheme } from '../../state/selectors';
import { compareSources, defaultPair, type CompareSource } from './compareSources';
import { LazyDiffView } from '../editor/LazyDiffView';

function Picker({
  id,
  value,
  sources,
  onChange,
  label,
}: {
  id: string;
  value: string;
  sources: CompareSource[];
  onChange(v: string): void;
  label: string;
}) {
  const { t } = useTranslation('common');
  return (
    <label className="compare-picker">
      <span>{label}</span>
      <select id={id} value={value} onChange={(e) => onChange(e.target.value)} data-testid={id}>
        {(['template', 'pod', 'revision', 'replicaSet'] as const).map((g) => (
          <optgroup key={g} label={t(`compare.group.${g}`)}>
            {sources
              .filter((s) => s.group === g)
              .map((s) => (
                <option key={s.id} value={s.id}>
                  {s.label}
                </option>
              ))}
          </optgroup>
        ))}
      </select>
    </label>
  );
}

export default function ComparePanel() {
  const { t } = useTranslation('common');
  const objects = useStore((s) => s.objects);
  const theme = useStore(selectTheme);
  const present = useStore((s) => s.present);
  const sources = useMemo(() => compareSources(objects), [objects]);
  const [chosen, setChosen] = useState<[string, string] | null>(null);
  const pair =
    chosen && sources.some((s) => s.id === chosen[0]) && sources.some((s) => s.id === chosen[1])
      ? chosen
      : defaultPair(sources);
  if (!pair) return <p className="compare-empty">{t('compare.empty')}</p>;
  const left = sources.find((s) => s.id === pair[0])!;
  const right = sources.find((s) => s.id === pair[1])!;
  return (
    <div className="compare-panel">
      <div className="compare-toolbar">
        <Picker
          id="compare-left"
          label={t('compare.left')}
          value={left.id}
          sources={sources}
          onChange={(v) => setChosen([v, right.id])}
        />
        <Picker
          id="compare-right"
          label={t('compare.right')}
          value={right.id}
          sources={sources}
          onChange={(v) => setChosen([left.id, v])}
        />
      </div>
      <div className="compare-diff" data-testid="compare-diff">
        <LazyDiffView
          fallback={<div className="loading">{t('manifest.loadingEditor')}</div>}
          original={left.yaml}
          modified={right.yaml}
          originalLabel={left.label}
          modifiedLabel={right.label}
          theme={theme}
          fontSize={present ? 16 : undefined}
        />
      </div>
    </div>
  );
}
