// The side panel for a selected Deployment (issue 23, point 5), as the DaemonSet's shows its
// ControllerRevisions: kubectl's counters, the image and strategy, the Deployment's conditions
// (Available, Progressing — with ProgressDeadlineExceeded when a rollout is stuck) and its ReplicaSet
// chain, each with its revision ("was rev N" after an undo), image, change-cause and its own replicas.

import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { Deployment, ReplicaSet } from '../../engine';
import { useStore } from '../../state/store';
import { selectReplicaSets } from '../../state/selectors';
import { deployCmd } from './system/commands';
import { deploymentView, ownedReplicaSets, replicaSetChain } from './system/deploymentModel';
import { openMenu, run } from './graphActions';

export function DeploymentDetails({ namespace, name }: { namespace: string; name: string }) {
  const { t } = useTranslation('graph');
  const dep = useStore((s) => s.mirror.get('Deployment', `${namespace}/${name}`) as Deployment | undefined);
  const rss = useStore(selectReplicaSets);
  const view = useMemo(
    () =>
      dep
        ? deploymentView(dep, replicaSetChain(ownedReplicaSets(dep, Object.values(rss) as ReplicaSet[])))
        : undefined,
    [dep, rss],
  );
  if (!dep || !view) return <p className="muted">{t('inspector.gone')}</p>;
  const conditions = dep.status?.conditions ?? [];
  return (
    <div className="ds-details deploy-details" data-testid="deploy-details">
      <h3>deployment.apps/{view.name}</h3>
      <p>
        READY {view.ready}/{view.desired} · UP-TO-DATE {view.upToDate} · AVAILABLE {view.available}
      </p>
      <p>
        {t('ds.image')}: <code>{view.images.join(', ')}</code>
      </p>
      <p className="muted">{view.strategy}</p>
      {view.paused ? <p className="warn">{t('deploy.paused')}</p> : null}
      <h4>{t('deployDetails.conditions')}</h4>
      {conditions.length ? (
        <ul className="cond-list" data-testid="deploy-details.conditions">
          {conditions.map((c) => {
            const stuck = c.type === 'Progressing' && c.reason === 'ProgressDeadlineExceeded';
            return (
              <li
                key={c.type}
                className={stuck || c.status === 'False' ? 'warn' : undefined}
                data-testid={`deploy-details.condition.${c.type}`}
              >
                <b>{c.type}</b> {c.status}
                {c.reason ? <code> {c.reason}</code> : null}
                {stuck ? <span> — {t('deployDetails.stuck')}</span> : null}
                {c.message ? <div className="muted">{c.message}</div> : null}
              </li>
            );
          })}
        </ul>
      ) : (
        <p className="muted">{t('deployDetails.noConditions')}</p>
      )}
      <h4 title={t('deploy.replicaSetsHint')}>{t('deploy.replicaSets')}</h4>
      <ol className="rev-list" data-testid="deploy-details.replicaSets">
        {view.replicaSets.map((r) => (
          <li
            key={r.name}
            className={`rev-${r.color}`}
            data-testid={`deploy-details.rs.${r.name}`}
            data-revision={r.revision}
          >
            <span className="rev-swatch" aria-hidden="true" />{' '}
            {r.revision ? t('ds.rev', { revision: r.revision }) : t('deploy.noRevision')}
            {r.was !== undefined ? (
              <span className="rev-was"> · {t('ds.was', { revision: r.was })}</span>
            ) : null}{' '}
            <code>{r.name}</code> {r.current ? <b>{t('ds.current')}</b> : null}{' '}
            <span className={r.ready < r.desired ? 'warn' : undefined}>
              {t('deploy.replicas', { ready: r.ready, desired: r.desired })}
            </span>
            <div>
              <code>{r.images.join(', ')}</code>
            </div>
            <div className="muted">
              {r.changeCause ? `change-cause: ${r.changeCause}` : t('deployDetails.noCause')}
            </div>
            {!r.current && r.revision > 0 ? (
              <button
                type="button"
                onClick={() => void run(deployCmd.undo(view.name, view.namespace, r.revision))}
              >
                {t('deploy.undoTo', { revision: r.revision })}
              </button>
            ) : null}
          </li>
        ))}
      </ol>
      <div className="inspector-actions">
        <button
          type="button"
          onClick={(e) =>
            openMenu({ kind: 'deploy', namespace, name }, e.currentTarget, e.currentTarget, 'image')
          }
        >
          {t('menu.setImage')}…
        </button>
        <button type="button" onClick={() => void run(deployCmd.restart(view.name, view.namespace))}>
          {t('menu.restart')}
        </button>
      </div>
    </div>
  );
}
