// The side panel for the selected object: a node's "why" panel, a pod's details (status, revision,
// tolerations with the injected ones marked, the node it is pinned to), a DaemonSet's rollout view,
// a Deployment's ReplicaSet chain (DeploymentDetails.tsx).

import { useEffect, useMemo, useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { ControllerRevision, DaemonSet, Pod } from '../../engine';
import { useStore } from '../../state/store';
import { useThrottledStore } from '../../state/useThrottledStore';
import { selectRollout } from '../../state/rolloutSelectors';
import { selectRenumbered, selectRevisions, selectSelection } from '../../state/selectors';
import { daemonSetView, podView, revisionChain, podHash } from './system/model';
import { cmd } from './system/commands';
import { clearSelection, openMenu, run, selectNode } from './graphActions';
import { useGraphUi } from './graphStore';
import { WhyPanel } from './WhyPanel';
import { RolloutWhy } from './RolloutWhy';
import { DeploymentDetails } from './DeploymentDetails';
import { lastExitText, troubleText } from './system/rolloutWords';
import { useTrouble } from './nodes/useTrouble';

/** A failing pod's state: its word in its class's colour, what that means, the kubelet's message, restarts, last exit. */
function PodTroubleRows({ view }: { view: ReturnType<typeof podView> }) {
  const { t } = useTranslation('trouble');
  const trouble = useTrouble(view);
  if (!trouble) return null;
  const last = lastExitText(t, trouble);
  return (
    <>
      <dt>{t('details.state')}</dt>
      <dd
        className={`trouble-${trouble.class}`}
        data-testid="pod-details.trouble"
        data-trouble={trouble.class}
      >
        <span className="trouble-word">{troubleText(t, trouble)}</span> — {t(`class.${trouble.class}`)}
      </dd>
      {trouble.message ? (
        <>
          <dt>{t('details.message')}</dt>
          <dd>
            <code>{trouble.message}</code>
          </dd>
        </>
      ) : null}
      {trouble.restarts ? (
        <>
          <dt>{t('details.restarts')}</dt>
          <dd>{trouble.restarts}</dd>
        </>
      ) : null}
      {last ? (
        <>
          <dt>{t('details.lastExit')}</dt>
          <dd>{last}</dd>
        </>
      ) : null}
    </>
  );
}

function PodDetails({ namespace, name }: { namespace: string; name: string }) {
  const { t } = useTranslation('graph');
  const pod = useStore((s) => s.mirror.get('Pod', `${namespace}/${name}`) as Pod | undefined);
  const revs = useStore(selectRevisions);
  const view = useMemo(() => {
    if (!pod) return undefined;
    const hash = podHash(pod);
    const cr = hash
      ? Object.values(revs as Record<string, ControllerRevision>).find(
          (c) =>
            c.metadata.namespace === namespace && c.metadata.labels?.['controller-revision-hash'] === hash,
        )
      : undefined;
    return podView(pod, hash ? { hash, revision: cr?.revision, current: false, color: 0 } : undefined);
  }, [pod, revs, namespace]);
  if (!pod || !view) return <p className="muted">{t('inspector.gone')}</p>;
  return (
    <div className="pod-details" data-testid="pod-details">
      <h3>pod/{view.name}</h3>
      <dl>
        <dt>{t('pod.namespace')}</dt>
        <dd>{view.namespace}</dd>
        <dt>{t('pod.node')}</dt>
        <dd>
          {view.nodeName ? (
            <button type="button" className="link" onClick={() => selectNode(view.nodeName!)}>
              {view.nodeName}
            </button>
          ) : (
            <span className="muted">{t('pod.notScheduled')}</span>
          )}
          {view.targetNode ? (
            <span className="muted"> {t('pod.pinned', { node: view.targetNode })}</span>
          ) : null}
        </dd>
        <dt>{t('pod.status')}</dt>
        <dd>
          <span className={`pod-status tone-${view.tone}`}>{view.status}</span> ({view.readyText})
        </dd>
        <PodTroubleRows view={view} />
        <dt>{t('pod.owner')}</dt>
        <dd>{view.owner ? `${view.owner.kind}/${view.owner.name}` : t('pod.bare')}</dd>
        {view.revision ? (
          <>
            <dt>{t('pod.revision')}</dt>
            <dd>
              {view.revision.revision !== undefined
                ? t('pod.rev', { revision: view.revision.revision })
                : null}{' '}
              <code>controller-revision-hash={view.revision.hash}</code>
            </dd>
          </>
        ) : null}
        <dt>{t('pod.image')}</dt>
        <dd>
          <code>{view.image}</code>
        </dd>
        {view.schedulingMessage ? (
          <>
            <dt>PodScheduled</dt>
            <dd>
              <code>{view.schedulingMessage}</code>
            </dd>
          </>
        ) : null}
      </dl>
      {view.owner?.kind === 'DaemonSet' ? (
        <RolloutWhy namespace={view.namespace} name={view.owner.name} />
      ) : null}
      <h4>{t('pod.tolerations')}</h4>
      <ul className="tol-list" data-testid="pod-details.tolerations">
        {view.tolerations.map((x, i) => (
          <li key={i}>
            <code>{x.text}</code>{' '}
            {x.injected ? (
              <span className="badge injected">{t('pod.injected')}</span>
            ) : (
              <span className="badge">{t('pod.fromTemplate')}</span>
            )}
          </li>
        ))}
        {view.tolerations.length === 0 ? <li className="muted">{t('pod.noTolerations')}</li> : null}
      </ul>
      <div className="inspector-actions">
        <button type="button" onClick={() => void run(cmd.podYaml(view.name, view.namespace))}>
          {t('menu.yaml')}
        </button>
        {view.owner?.kind === 'DaemonSet' ? (
          <button
            type="button"
            onClick={() => useGraphUi.setState({ diffPod: { namespace: view.namespace, name: view.name } })}
            data-testid="pod-details.diff"
          >
            {t('menu.diff')}
          </button>
        ) : null}
        <button
          type="button"
          onClick={(e) =>
            openMenu({ kind: 'pod', namespace: view.namespace, name: view.name }, e.currentTarget)
          }
        >
          {t('inspector.more')}
        </button>
      </div>
    </div>
  );
}

/** "✗ failing" beside a revision whose pods fail. */
function BadRevision({ namespace, name, hash }: { namespace: string; name: string; hash: string }) {
  const { t } = useTranslation('trouble');
  const bad = useThrottledStore(selectRollout(`${namespace}/${name}`), 200)?.badRevisions.get(hash);
  if (!bad) return null;
  return (
    <span
      className={`rev-bad trouble-${bad.class}`}
      title={t('badTitle', { count: bad.count, word: bad.word })}
      data-testid={`ds-details.bad.${hash}`}
    >
      ✗ {t('bad')} ({bad.word})
    </span>
  );
}

function DaemonSetDetails({ namespace, name }: { namespace: string; name: string }) {
  const { t } = useTranslation('graph');
  const ds = useStore((s) => s.mirror.get('DaemonSet', `${namespace}/${name}`) as DaemonSet | undefined);
  const revs = useStore(selectRevisions);
  const renumbered = useStore(selectRenumbered);
  const view = useMemo(() => {
    if (!ds) return undefined;
    const crs = Object.values(revs as Record<string, ControllerRevision>).filter((c) =>
      c.metadata.ownerReferences?.some((r) => r.controller && r.uid === ds.metadata.uid),
    );
    return daemonSetView(ds, revisionChain(ds, crs, renumbered));
  }, [ds, revs, renumbered]);
  if (!ds || !view) return <p className="muted">{t('inspector.gone')}</p>;
  return (
    <div className="ds-details" data-testid="ds-details">
      <h3>daemonset.apps/{view.name}</h3>
      <RolloutWhy namespace={view.namespace} name={view.name} showProgress />
      <p>
        DESIRED {view.desired} · CURRENT {view.current} · READY {view.ready} · UP-TO-DATE {view.upToDate} ·
        AVAILABLE {view.available} · {t('ds.misscheduled')} {view.misscheduled}
      </p>
      <p>
        {t('ds.image')}: <code>{view.images.join(', ')}</code>
      </p>
      <p className="muted">{view.strategy}</p>
      {view.tolerations.length ? (
        <>
          <h4>{t('ds.templateTolerations')}</h4>
          <ul className="tol-list">
            {view.tolerations.map((x) => (
              <li key={x}>
                <code>{x}</code>
              </li>
            ))}
          </ul>
        </>
      ) : null}
      <h4>{t('ds.revisions')}</h4>
      <ol className="rev-list">
        {view.revisions.map((r) => (
          <li key={r.name} className={`rev-${r.color}`} data-testid={`ds-details.rev.${r.name}`}>
            <span className="rev-swatch" aria-hidden="true" /> {t('ds.rev', { revision: r.revision })}
            {r.was !== undefined ? (
              <span className="rev-was"> · {t('ds.was', { revision: r.was })}</span>
            ) : null}{' '}
            <code>{r.hash}</code> {r.current ? <b>{t('ds.current')}</b> : null}{' '}
            <BadRevision namespace={view.namespace} name={view.name} hash={r.hash} />
            <div className="muted">{r.changeCause ?? r.images.join(', ')}</div>
            {!r.current ? (
              <button type="button" onClick={() => void run(cmd.undo(view.name, view.namespace, r.revision))}>
                {t('ds.undoTo', { revision: r.revision })}
              </button>
            ) : null}
          </li>
        ))}
      </ol>
      <div className="inspector-actions">
        <button
          type="button"
          onClick={(e) =>
            openMenu({ kind: 'ds', namespace, name }, e.currentTarget, e.currentTarget, 'image')
          }
        >
          {t('menu.setImage')}…
        </button>
        <button type="button" onClick={() => void run(cmd.restart(view.name, view.namespace))}>
          {t('menu.restart')}
        </button>
      </div>
    </div>
  );
}

/** Where focus was before the side panel opened, kept up to date while it is open (outside it). */
let lastOutside: HTMLElement | null = null;
if (typeof document !== 'undefined') {
  document.addEventListener(
    'focusin',
    (e) => {
      const el = e.target;
      if (el instanceof HTMLElement && !el.closest('.inspector')) lastOutside = el;
    },
    true,
  );
}

/** Esc closes the side panel; focus then goes back to where it was when the panel opened. */
function useEscapeAndReturn(open: boolean) {
  const returnTo = useRef<HTMLElement | null>(null);
  useEffect(() => {
    if (!open) return;
    const active = document.activeElement;
    returnTo.current =
      active instanceof HTMLElement && active !== document.body && !active.closest('.inspector')
        ? active
        : lastOutside;
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'Escape' || e.defaultPrevented) return;
      // A menu or a dialog on top closes first.
      const g = useGraphUi.getState();
      if (g.menu || g.diffPod || document.querySelector('[role="dialog"][aria-modal="true"]')) return;
      e.preventDefault();
      // React Flow's own Escape on a focused card would unselect and blur it (focus lost): this
      // listener does it instead and keeps the focus on the card.
      if (e.target instanceof HTMLElement && e.target.classList.contains('react-flow__node'))
        e.stopPropagation();
      clearSelection();
    };
    // Capture, to come before React Flow's handler on the card.
    document.addEventListener('keydown', onKey, true);
    return () => {
      document.removeEventListener('keydown', onKey, true);
      const el = returnTo.current;
      returnTo.current = null;
      // Not when the user has gone on to type somewhere else.
      const now = document.activeElement;
      const typing =
        now instanceof HTMLElement &&
        now !== el &&
        !now.closest('.inspector') &&
        (now.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(now.tagName));
      if (el?.isConnected && !typing)
        requestAnimationFrame(() => el.isConnected && el.focus({ preventScroll: true }));
    };
  }, [open]);
}

export function Inspector({ docked = 'right' }: { docked?: 'right' | 'bottom' }) {
  const { t } = useTranslation('graph');
  const sel = useStore(selectSelection);
  const open =
    sel?.kind === 'Node' || sel?.kind === 'Pod' || sel?.kind === 'DaemonSet' || sel?.kind === 'Deployment';
  useEscapeAndReturn(open);
  let body: ReactNode = null;
  if (sel?.kind === 'Node') body = <WhyPanel node={sel.name} />;
  else if (sel?.kind === 'Pod') body = <PodDetails namespace={sel.namespace ?? 'default'} name={sel.name} />;
  else if (sel?.kind === 'DaemonSet')
    body = <DaemonSetDetails namespace={sel.namespace ?? 'default'} name={sel.name} />;
  else if (sel?.kind === 'Deployment')
    body = <DeploymentDetails namespace={sel.namespace ?? 'default'} name={sel.name} />;
  if (!body) return null;
  return (
    <aside
      className={`inspector nokey nowheel ${docked}`}
      aria-label={t('inspector.label')}
      data-testid="graph.inspector"
    >
      <button
        type="button"
        className="inspector-close"
        aria-label={t('inspector.close')}
        title={t('inspector.escHint')}
        onClick={clearSelection}
        data-testid="graph.inspector.close"
      >
        ×
      </button>
      {body}
    </aside>
  );
}
