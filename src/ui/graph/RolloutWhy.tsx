// "Why is the rollout not progressing?": shown in the side panels (the DaemonSet's, a failing pod's,
// a node's why panel) while a DaemonSet's rollout is stalled. The controller's own arithmetic (the
// budget resolved from the spec, the nodes it counts unavailable with each pod and its reason, what
// it will therefore not do), then the fixes, each run through the console as the command it is.

import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { ControllerRevision, DaemonSet } from '../../engine';
import { useStore } from '../../state/store';
import { selectRevisions } from '../../state/selectors';
import { useThrottledStore } from '../../state/useThrottledStore';
import { selectRollout } from '../../state/rolloutSelectors';
import { revisionHash } from './system/model';
import { rolloutLine, rolloutWhy, type RolloutFix } from './system/rolloutWords';
import { openMenu, run, selectPod } from './graphActions';

const ROLLOUT_MS = 200;

export function RolloutWhy({
  namespace,
  name,
  showProgress,
}: {
  namespace: string;
  name: string;
  showProgress?: boolean;
}) {
  const { t } = useTranslation('trouble');
  const key = `${namespace}/${name}`;
  const ds = useStore((s) => s.mirror.get('DaemonSet', key) as DaemonSet | undefined);
  const p = useThrottledStore(selectRollout(key), ROLLOUT_MS);
  const revs = useStore(selectRevisions);
  const crs = useMemo(
    () =>
      ds
        ? Object.values(revs as Record<string, ControllerRevision>).filter((c) =>
            c.metadata.ownerReferences?.some((r) => r.controller && r.uid === ds.metadata.uid),
          )
        : [],
    [ds, revs],
  );
  if (!ds || !p) return null;
  if (p.state !== 'stalled') {
    if (!showProgress) return null;
    const line = rolloutLine(t, p);
    return (
      <p className={`rollout-state state-${p.state}`} data-testid="rollout-state" data-state={p.state}>
        {t('rollout.label')}: {line.progress}
        {line.trouble ? ` · ${line.trouble}` : ''}
      </p>
    );
  }
  const w = rolloutWhy(t, ds, p, crs, (cr) => revisionHash(cr, ds.metadata.name));
  const line = rolloutLine(t, p);
  const onFix = (f: RolloutFix, el: HTMLElement) => {
    if (f.type === 'editImage') openMenu({ kind: 'ds', namespace, name }, el, el, 'image');
    else void run(f.command);
  };
  return (
    <section className="rollout-why" data-testid="rollout-why" aria-labelledby={`rollout-why-${key}`}>
      <h4 id={`rollout-why-${key}`}>
        <span aria-hidden="true">⚠ </span>
        {t('why.title')}
      </h4>
      <p className="rollout-why-line">
        {line.progress} · {line.trouble}
      </p>
      <ul className="rollout-why-steps">
        <li data-testid="rollout-why.budget">
          <code>{w.budget}</code>
        </li>
        <li data-testid="rollout-why.count">
          {w.count}
          <ul>
            {w.pods.map((x) => (
              <li key={x.node} data-testid={`rollout-why.pod.${x.node}`}>
                {x.pod ? (
                  <button
                    type="button"
                    className="link"
                    onClick={() => selectPod(x.pod!.namespace, x.pod!.name)}
                  >
                    {x.text}
                  </button>
                ) : (
                  x.text
                )}
                {x.message ? <code className="rollout-why-msg">{x.message}</code> : null}
              </li>
            ))}
          </ul>
        </li>
        <li data-testid="rollout-why.so">{w.so}</li>
      </ul>
      <h5>{t('why.fixes')}</h5>
      <div className="why-fixes rollout-fixes">
        {w.fixes.map((f) => (
          <button
            key={f.id}
            type="button"
            className="fix-btn"
            data-testid={`rollout-why.fix.${f.id}`}
            title={f.type === 'editImage' ? undefined : f.command}
            onClick={(e) => onFix(f, e.currentTarget)}
          >
            {f.type === 'undo'
              ? t('why.undo')
              : f.type === 'setImage'
                ? t('why.setImage', { container: f.container, image: f.image, revision: f.revision })
                : t('why.editImage')}
            {f.type === 'editImage' ? null : <code className="fix-cmd">{f.command}</code>}
          </button>
        ))}
      </div>
    </section>
  );
}
