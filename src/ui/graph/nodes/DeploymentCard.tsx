// A Deployment beside the DaemonSet card: kubectl's READY / UP-TO-DATE / AVAILABLE, the image, the
// strategy, and its ReplicaSet chain — one ReplicaSet per pod template, each with its revision and its
// own replicas ready/desired, highest revision (the current one) on top. Where the DaemonSet card
// lists ControllerRevisions (history only), this one lists ReplicaSets that own pods: the picture of
// "a Deployment keeps one ReplicaSet per version; a DaemonSet records versions as ControllerRevisions".
// Same menu, keys and levels as the DaemonSet card.

import { memo, type MouseEvent } from 'react';
import { Handle, Position, type NodeProps } from '@xyflow/react';
import { useTranslation } from 'react-i18next';
import type { DeploymentNode } from '../system/buildGraph';
import { openMenu, run } from '../graphActions';
import { deployCmd } from '../system/commands';
import { CardMenuButton } from './CardMenuButton';
import { WorkloadHead } from './WorkloadHead';
import { replicaSetWhat, type ReplicaSetEntry } from '../system/deploymentModel';
import { SMALL_REVS } from '../system/layout';
import { REV_ROW_H } from './DaemonSetCard';
import { REPLICA_GLYPH } from './PodChip';

function rsTitle(t: (k: string, o?: Record<string, unknown>) => string, r: ReplicaSetEntry): string {
  return [
    `${r.revision ? t('ds.rev', { revision: r.revision }) : t('deploy.noRevision')}${r.was !== undefined ? ` · ${t('ds.was', { revision: r.was })}` : ''}${r.current ? ` (${t('ds.current')})` : ''}`,
    t('deploy.replicasTitle', { name: r.name, ready: r.ready, desired: r.desired }),
    ...r.images,
    r.changeCause ? `change-cause: ${r.changeCause}` : '',
  ]
    .filter(Boolean)
    .join('\n');
}

/** `rev 3 · was rev 1` (small cards: `rev 3 (was 1)`, the whole words on hover). */
function RevLabel({ r, small }: { r: ReplicaSetEntry; small?: boolean }) {
  const { t } = useTranslation('graph');
  return (
    <span className="rev-num">
      {r.revision ? t('ds.rev', { revision: r.revision }) : t('deploy.noRevision')}
      {r.was === undefined ? null : small ? (
        <span className="rev-was" title={t('ds.was', { revision: r.was })}>
          {' '}
          {t('deploy.wasShort', { revision: r.was })}
        </span>
      ) : (
        <span className="rev-was"> · {t('ds.was', { revision: r.was })}</span>
      )}
    </span>
  );
}

function Replicas({ r }: { r: ReplicaSetEntry }) {
  const { t } = useTranslation('graph');
  return (
    <span
      className={`rs-replicas${r.ready < r.desired ? ' short' : ''}`}
      data-testid={`graph.rs.${r.name}.replicas`}
      data-ready={r.ready}
      data-desired={r.desired}
      aria-label={t('deploy.replicas', { ready: r.ready, desired: r.desired })}
    >
      {r.ready}/{r.desired}
    </span>
  );
}

/** The last ReplicaSets on a compact or tiny card, newest on top; older ones folded into "+N". */
function SmallReplicaSets({ list, tiny }: { list: readonly ReplicaSetEntry[]; tiny: boolean }) {
  const { t } = useTranslation('graph');
  const shown = list.slice(0, SMALL_REVS);
  const folded = list.length - shown.length;
  return (
    <ol className="ds-small-revs" aria-label={t('deploy.replicaSets')}>
      {shown.map((r, i) => (
        <li
          key={r.name}
          aria-current={r.current || undefined}
          className={`rev-chip rev-${r.color}${r.current ? ' current' : ''}`}
          data-testid={`graph.rs.${r.name}`}
          data-revision={r.revision}
          title={rsTitle(t, r)}
        >
          <span className="rev-swatch" aria-hidden="true" />
          <RevLabel r={r} small />
          <span className="rev-what">
            <span aria-hidden="true">· </span>
            {replicaSetWhat(r)}
          </span>
          <Replicas r={r} />
          {r.current ? <span className="sr-only">{t('ds.current')}</span> : null}
          {i === shown.length - 1 && folded > 0 ? <span className="rev-folded">+{folded}</span> : null}
          {r.current && r.changeCause && !tiny ? (
            <span className="rev-cause-line" data-testid={`graph.rs.${r.name}.cause`}>
              {r.changeCause}
            </span>
          ) : null}
        </li>
      ))}
    </ol>
  );
}

const COUNTERS = [
  ['ready', 'READY'],
  ['upToDate', 'UP-TO-DATE'],
  ['available', 'AVAILABLE'],
] as const;

function DeploymentCardImpl({ data, selected }: NodeProps<DeploymentNode>) {
  const { t } = useTranslation('graph');
  const d = data.deployment;
  const target = { kind: 'deploy' as const, namespace: d.namespace, name: d.name };
  const onContextMenu = (e: MouseEvent) => {
    e.preventDefault();
    openMenu(target, { x: e.clientX, y: e.clientY });
  };
  const handle = (
    <Handle type="source" id="pods" position={Position.Right} isConnectable={false} className="card-handle" />
  );
  const cls = `ds-card deploy-card${selected ? ' selected' : ''}${d.terminating ? ' terminating' : ''}`;
  if (data.level !== 'full' && data.level !== 'overview') {
    const tiny = data.level === 'tiny';
    return (
      <div
        className={`${cls} small ${data.level}`}
        data-testid={`graph.deploy.${d.namespace}.${d.name}`}
        title={`deployment.apps/${d.name} (${d.namespace})\nREADY ${d.ready}/${d.desired} · UP-TO-DATE ${d.upToDate} · AVAILABLE ${d.available}`}
        onContextMenu={onContextMenu}
      >
        {handle}
        <div className="card-head">
          <span className="deploy-glyph" aria-hidden="true">
            {REPLICA_GLYPH}
          </span>
          <span className="ds-name" title={d.name}>
            {d.name}
          </span>
          {tiny ? (
            <span className="ds-ready" data-testid={`graph.deploy.${d.name}.ready`}>
              {d.ready}/{d.desired}
            </span>
          ) : (
            <CardMenuButton
              target={target}
              label={t('deploy.menu', { name: d.name })}
              testId={`graph.deploy.${d.name}.menu`}
            />
          )}
        </div>
        {tiny ? null : (
          <div className="ds-line ds-sum" data-testid={`graph.deploy.${d.name}.summary`}>
            Deployment · {t('ds.readyOf', { ready: d.ready, desired: d.desired })}
          </div>
        )}
        <SmallReplicaSets list={d.replicaSets} tiny={tiny} />
      </div>
    );
  }
  return (
    <div className={cls} data-testid={`graph.deploy.${d.namespace}.${d.name}`} onContextMenu={onContextMenu}>
      {handle}
      <WorkloadHead
        kind="Deployment"
        name={d.name}
        namespace={d.namespace}
        target={target}
        menuLabel={t('deploy.menu', { name: d.name })}
        testPrefix={`graph.deploy.${d.name}`}
        counters={COUNTERS}
        value={(k) => (k === 'ready' ? `${d.ready}/${d.desired}` : d[k])}
      />
      <div className="ds-line ds-image" title={d.images.join('\n')}>
        {t('ds.image')}: <code>{d.images.join(', ')}</code>
      </div>
      <div className="ds-line ds-strategy">{d.strategy}</div>
      {d.paused ? <div className="ds-line warn">{t('deploy.paused')}</div> : null}
      <div className="ds-revs-title" title={t('deploy.replicaSetsHint')}>
        {t('deploy.replicaSets')} <span className="muted">({d.replicaSets.length})</span>
      </div>
      <ol
        className="ds-revs"
        style={{ height: d.replicaSets.length * REV_ROW_H }}
        aria-label={t('deploy.replicaSets')}
      >
        {d.replicaSets.map((r, i) => (
          <li
            key={r.name}
            className={`rev-row rev-${r.color}${r.current ? ' current' : ''}`}
            style={{ transform: `translateY(${i * REV_ROW_H}px)` }}
            data-testid={`graph.rs.${r.name}`}
            data-revision={r.revision}
            aria-current={r.current || undefined}
            title={rsTitle(t, r)}
          >
            <span className="rev-swatch" aria-hidden="true" />
            <RevLabel r={r} />
            <code className="rev-cause rs-what">{replicaSetWhat(r)}</code>
            <Replicas r={r} />
            {r.current ? <span className="rev-current">{t('ds.current')}</span> : null}
            {!r.current && r.revision > 0 ? (
              <button
                type="button"
                className="rev-undo nodrag nokey"
                title={t('deploy.undoTo', { revision: r.revision })}
                aria-label={t('deploy.undoTo', { revision: r.revision })}
                data-testid={`graph.rs.${r.name}.undo`}
                onClick={(e) => {
                  e.stopPropagation();
                  void run(deployCmd.undo(d.name, d.namespace, r.revision));
                }}
              >
                ↶
              </button>
            ) : null}
          </li>
        ))}
      </ol>
    </div>
  );
}

export const DeploymentCard = memo(DeploymentCardImpl);
