// A DaemonSet: kubectl's DESIRED / CURRENT / READY / UP-TO-DATE / AVAILABLE (+ misscheduled), the
// image, the update strategy, and its ControllerRevision chain, highest revision (the current one) on
// top. After an undo the reused revision gets a new number and slides to the top.

import { memo, useRef } from 'react';
import { Handle, Position, type NodeProps } from '@xyflow/react';
import { useTranslation } from 'react-i18next';
import type { DaemonSetNode } from '../system/buildGraph';
import { dsHighlight, useGraphUi } from '../graphStore';
import { openMenu, run, selectDaemonSet } from '../graphActions';
import { cmd } from '../system/commands';
import { CardMenuButton } from './CardMenuButton';
import { WorkloadHead } from './WorkloadHead';
import { useThrottledStore } from '../../../state/useThrottledStore';
import { selectDaemonSetCounters } from '../../../state/selectors';
import { selectRollout } from '../../../state/rolloutSelectors';
import type { RolloutProgress } from '../../../state/rollout';
import { rolloutLine, stallWords } from '../system/rolloutWords';
import type { RevisionView } from '../system/model';
import { SMALL_REVS } from '../system/layout';
import { revisionWhat } from '../system/smallRows';
import { useStore } from '../../../state/store';
import { selectReadyLag, type ReadyLag } from '../../../state/readyLag';

export const REV_ROW_H = 28;
/** How often a card may follow its DaemonSet's rollout (ms): it is counted again with every batch of a rollout. */
const COUNTERS_MS = 200;

/** The pods report Ready but the controller has not counted them yet (or the other way round). */
function LagLine({ name, lag, tiny }: { name: string; lag: ReadyLag; tiny?: boolean }) {
  const { t } = useTranslation('graph');
  const title = t('ds.lagTitle', { counted: lag.counted, ready: lag.ready });
  return (
    <span
      className={tiny ? 'ds-lag-glyph' : 'ds-line ds-lag'}
      data-testid={`graph.ds.${name}.lag`}
      data-ready={lag.ready}
      data-counted={lag.counted}
      title={title}
      role={tiny ? 'img' : undefined}
      aria-label={tiny ? title : undefined}
    >
      {tiny ? '↻' : t('ds.lag', { ready: lag.ready })}
    </span>
  );
}

/** A mark per rollout state, so it reads without colour. */
export const ROLLOUT_ICON: Record<RolloutProgress['state'], string> = {
  complete: '✓',
  rolling: '⟳',
  pending: '…',
  onDelete: '⏸',
  stalled: '⚠',
};

/** Where the rollout stands, and what holds it; a click opens the DaemonSet's panel (why, fixes). */
function RolloutLine({
  name,
  namespace,
  p,
  compact,
}: {
  name: string;
  namespace: string;
  p: RolloutProgress;
  compact?: boolean;
}) {
  const { t } = useTranslation('trouble');
  const line = rolloutLine(t, p);
  // Compact cards have one short line: the stall and its reason, else the progress.
  const text =
    compact && p.state === 'stalled'
      ? t('rollout.stalledCompact', { reason: stallWords(t, p.troubled) })
      : compact
        ? line.progress
        : line.trouble
          ? `${line.progress} · ${line.trouble}`
          : line.progress;
  const title = [
    `${t('rollout.label')}: ${line.progress}`,
    line.trouble ?? '',
    p.state === 'stalled' ? t('rollout.explain') : '',
  ]
    .filter(Boolean)
    .join('\n');
  return (
    <button
      type="button"
      className={`ds-line ds-rollout nodrag nokey state-${p.state}${line.trouble ? ' has-trouble' : ''}`}
      data-testid={`graph.ds.${name}.rollout`}
      data-state={p.state}
      title={title}
      aria-label={title}
      onClick={(e) => {
        e.stopPropagation();
        selectDaemonSet(namespace, name);
      }}
    >
      <span className="ds-rollout-icon" aria-hidden="true">
        {ROLLOUT_ICON[p.state]}
      </span>{' '}
      {text}
    </button>
  );
}

/** A revision's "failing" mark, with how many of its pods fail and how ("✗" alone on tiny cards, the word on hover and for screen readers). */
function BadMark({ r, p, short }: { r: RevisionView; p: RolloutProgress | undefined; short?: boolean }) {
  const { t } = useTranslation('trouble');
  const bad = p?.badRevisions.get(r.hash);
  if (!bad) {
    // no pod of it fails now (an undo removed them), but a kubelet's event says its image did not pull
    if (!r.pullFailed) return null;
    return (
      <span
        className="rev-bad trouble-pull"
        title={t('pullFailedTitle', { images: r.images.join(', ') })}
        data-testid={`graph.rev.${r.name}.bad`}
        data-why="pull-failed"
      >
        ✗ {short ? <span className="sr-only">{t('pullFailed')}</span> : t('pullFailed')}
      </span>
    );
  }
  return (
    <span
      className={`rev-bad trouble-${bad.class}`}
      title={t('badTitle', { count: bad.count, word: bad.word })}
      data-testid={`graph.rev.${r.name}.bad`}
    >
      ✗ {short ? <span className="sr-only">{t('bad')}</span> : t('bad')}
    </span>
  );
}

/** The last revisions on a compact or tiny card, newest on top: number (and "was"), image tag, failing, current; older ones folded into "+N". */
function SmallRevisions({
  revisions,
  rollout,
  tiny,
}: {
  revisions: readonly RevisionView[];
  rollout: RolloutProgress | undefined;
  tiny: boolean;
}) {
  const { t } = useTranslation('graph');
  const shown = revisions.slice(0, SMALL_REVS);
  const folded = revisions.length - shown.length;
  return (
    <ol className="ds-small-revs" aria-label={t('ds.revisions')}>
      {shown.map((r, i) => (
        <li
          key={r.name}
          aria-current={r.current || undefined}
          className={`rev-chip rev-${r.color}${r.current ? ' current' : ''}${rollout?.badRevisions.has(r.hash) || r.pullFailed ? ' bad' : ''}`}
          data-testid={`graph.rev.${r.name}`}
          data-revision={r.revision}
          title={[
            `${t('ds.rev', { revision: r.revision })}${r.current ? ` (${t('ds.current')})` : ''}`,
            r.name,
            ...r.images,
            r.changeCause ? `change-cause: ${r.changeCause}` : '',
          ]
            .filter(Boolean)
            .join('\n')}
        >
          <span className="rev-swatch" aria-hidden="true" />
          <span className="rev-num">{t('ds.rev', { revision: r.revision })}</span>
          {r.was !== undefined ? <span className="rev-was">({t('ds.was', { revision: r.was })})</span> : null}
          <span className="rev-what">
            <span aria-hidden="true">· </span>
            {revisionWhat(r)}
          </span>
          {r.current ? <span className="sr-only">{t('ds.current')}</span> : null}
          <BadMark r={r} p={rollout} short={tiny} />
          {i === shown.length - 1 && folded > 0 ? <span className="rev-folded">+{folded}</span> : null}
          {r.current && r.changeCause && !tiny ? (
            <span className="rev-cause-line" data-testid={`graph.rev.${r.name}.cause`}>
              {r.changeCause}
            </span>
          ) : null}
        </li>
      ))}
    </ol>
  );
}

const COUNTERS = [
  ['desired', 'DESIRED'],
  ['current', 'CURRENT'],
  ['ready', 'READY'],
  ['upToDate', 'UP-TO-DATE'],
  ['available', 'AVAILABLE'],
] as const;

function DaemonSetCardImpl({ data, selected }: NodeProps<DaemonSetNode>) {
  const { t } = useTranslation('graph');
  const view = data.ds;
  // The counters come from the card's own subscription to its DaemonSet: the graph is not rebuilt
  // when only a status changed (see selectDaemonSetSpecs).
  // Not throttled: READY must move in the same frame as the pods' words (issue 22, "0/2 ready" beside
  // two Running pods for up to 200 ms); the selector keeps its object while no counter moved.
  const counters = useStore(selectDaemonSetCounters(view.key));
  const lag = useStore(selectReadyLag(view.key));
  const d = counters ? { ...view, ...counters } : view;
  const rollout = useThrottledStore(selectRollout(view.key), COUNTERS_MS);
  const { t: tt } = useTranslation('trouble');
  const hl = useGraphUi((s) => dsHighlight(s, d.key));
  // Revisions whose number changed while on screen (an undo renumbered them): flash them once.
  const seen = useRef(new Map<string, number>());
  const bumped = useRef(new Map<string, number>());
  for (const r of d.revisions) {
    const before = seen.current.get(r.name);
    if (before !== undefined && before !== r.revision) bumped.current.set(r.name, r.revision);
    seen.current.set(r.name, r.revision);
  }
  const target = { kind: 'ds' as const, namespace: d.namespace, name: d.name };
  if (data.level !== 'full' && data.level !== 'overview') {
    const tiny = data.level === 'tiny';
    return (
      <div
        className={`ds-card small ${data.level}${selected ? ' selected' : ''}${hl ? ` hl-${hl}` : ''}${d.terminating ? ' terminating' : ''}`}
        data-testid={`graph.ds.${d.namespace}.${d.name}`}
        title={`daemonset.apps/${d.name} (${d.namespace})\nDESIRED ${d.desired} · CURRENT ${d.current} · READY ${d.ready} · UP-TO-DATE ${d.upToDate} · AVAILABLE ${d.available}`}
        onContextMenu={(e) => {
          e.preventDefault();
          openMenu(target, { x: e.clientX, y: e.clientY });
        }}
      >
        <Handle
          type="source"
          id="pods"
          position={Position.Right}
          isConnectable={false}
          className="card-handle"
        />
        <div className="card-head">
          <span className="ds-name" title={d.name}>
            {d.name}
          </span>
          {tiny ? (
            <span className="ds-ready">
              {rollout?.state === 'stalled' ? (
                <span
                  className="ds-stalled-glyph"
                  role="img"
                  aria-label={tt('rollout.stalledShort')}
                  title={rolloutLine(tt, rollout).trouble}
                  data-testid={`graph.ds.${d.name}.stalled`}
                >
                  ⚠{' '}
                </span>
              ) : null}
              {d.ready}/{d.desired}
              {lag ? <LagLine name={d.name} lag={lag} tiny /> : null}
            </span>
          ) : (
            <CardMenuButton
              target={target}
              label={t('ds.menu', { name: d.name })}
              testId={`graph.ds.${d.name}.menu`}
            />
          )}
        </div>
        {tiny ? null : (
          <>
            <div className="ds-line ds-sum" data-testid={`graph.ds.${d.name}.summary`}>
              <span data-testid={`graph.ds.${d.name}.desired`} data-value={d.desired} className="sr-only">
                {d.desired}
              </span>
              {t('ds.readyOf', { ready: d.ready, desired: d.desired })} ·{' '}
              {t('ds.upToDateOf', { upToDate: d.upToDate })}
            </div>
            {/* One line each: while READY lags its pods, that line says so instead of the (lagging) rollout. */}
            {lag ? (
              <LagLine name={d.name} lag={lag} />
            ) : rollout ? (
              <RolloutLine name={d.name} namespace={d.namespace} p={rollout} compact />
            ) : null}
          </>
        )}
        <SmallRevisions revisions={d.revisions} rollout={rollout} tiny={tiny} />
      </div>
    );
  }
  return (
    <div
      className={`ds-card${selected ? ' selected' : ''}${hl ? ` hl-${hl}` : ''}${d.terminating ? ' terminating' : ''}`}
      data-testid={`graph.ds.${d.namespace}.${d.name}`}
      onContextMenu={(e) => {
        e.preventDefault();
        openMenu(target, { x: e.clientX, y: e.clientY });
      }}
    >
      <Handle
        type="source"
        id="pods"
        position={Position.Right}
        isConnectable={false}
        className="card-handle"
      />
      <WorkloadHead
        kind="DaemonSet"
        name={d.name}
        namespace={d.namespace}
        target={target}
        menuLabel={t('ds.menu', { name: d.name })}
        testPrefix={`graph.ds.${d.name}`}
        counters={COUNTERS}
        value={(k) => d[k]}
      />
      {lag ? <LagLine name={d.name} lag={lag} /> : null}
      <div
        className={`ds-line${d.misscheduled ? ' warn' : ''}`}
        data-testid={`graph.ds.${d.name}.misscheduled`}
      >
        {t('ds.misscheduled')}: {d.misscheduled}
      </div>
      <div className="ds-line ds-image" title={d.images.join('\n')}>
        {t('ds.image')}: <code>{d.images.join(', ')}</code>
      </div>
      <div className="ds-line ds-strategy">{d.strategy}</div>
      {rollout ? <RolloutLine name={d.name} namespace={d.namespace} p={rollout} /> : null}
      {d.nodeSelector.length ? (
        <div className="ds-line" title={d.nodeSelector.join('\n')}>
          nodeSelector: <code>{d.nodeSelector.join(', ')}</code>
        </div>
      ) : null}
      <div className="ds-revs-title">
        {t('ds.revisions')} <span className="muted">({d.revisions.length})</span>
      </div>
      <ol
        className="ds-revs"
        style={{ height: d.revisions.length * REV_ROW_H }}
        aria-label={t('ds.revisions')}
      >
        {d.revisions.map((r, i) => (
          <li
            key={r.name}
            className={`rev-row rev-${r.color}${r.current ? ' current' : ''}${rollout?.badRevisions.has(r.hash) || r.pullFailed ? ' bad' : ''}${bumped.current.get(r.name) === r.revision ? ' bumped' : ''}${data.selectedRevision === r.name ? ' selected' : ''}`}
            style={{ transform: `translateY(${i * REV_ROW_H}px)` }}
            data-testid={`graph.rev.${r.name}`}
            data-revision={r.revision}
            title={[r.name, ...r.images, r.changeCause ? `change-cause: ${r.changeCause}` : '']
              .filter(Boolean)
              .join('\n')}
          >
            <span className="rev-swatch" aria-hidden="true" />
            <span className="rev-num">
              {t('ds.rev', { revision: r.revision })}
              {r.was !== undefined ? (
                <span className="rev-was"> · {t('ds.was', { revision: r.was })}</span>
              ) : null}
            </span>
            <code className="rev-hash">{r.hash}</code>
            {r.current ? <span className="rev-current">{t('ds.current')}</span> : null}
            <BadMark r={r} p={rollout} />
            <span className="rev-cause">{r.changeCause ?? r.images.join(', ')}</span>
            {!r.current ? (
              <button
                type="button"
                className="rev-undo nodrag nokey"
                title={t('ds.undoTo', { revision: r.revision })}
                aria-label={t('ds.undoTo', { revision: r.revision })}
                data-testid={`graph.rev.${r.name}.undo`}
                onClick={(e) => {
                  e.stopPropagation();
                  void run(cmd.undo(d.name, d.namespace, r.revision));
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

export const DaemonSetCard = memo(DaemonSetCardImpl);
