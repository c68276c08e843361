// A Kubernetes node: name, roles, Ready/NotReady/SchedulingDisabled, taints (effect as icon + text),
// conditions that matter, CPU / memory / pods requested vs allocatable, labels, and the pods on it.
// Zoomed out it collapses to a coloured block that shows the state of its pods. The card has a fixed
// size and its pod rows fixed places, so the edges' ends are known without measuring (CARD_HANDLES).

import { memo, useMemo } from 'react';
import { Handle, Position, type NodeProps } from '@xyflow/react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { CARD_HANDLES, type LiveCardNode, type NodeCardNode, type NoPodReason } from '../system/buildGraph';
import { useLiveCard } from '../liveCard';
import {
  EFFECT_ICON,
  formatCPU,
  formatMemory,
  type NodeSummary,
  type PodView,
  type Usage,
} from '../system/model';
import { TaintChip } from './TaintChip';
import { OwnerWord, PodChip, REPLICA_GLYPH } from './PodChip';
import { usePresence } from './usePresence';
import { selectNode } from '../graphActions';
import { MAX_CARD_PODS, PODS_TOP } from '../system/layout';
import { CardMenuButton } from './CardMenuButton';
import { Breakable } from './Breakable';
import { useTrouble } from './useTrouble';
import { troubleWord } from '../../../state/podTrouble';
import { troubleLabel } from '../system/rolloutWords';
import {
  fullReason,
  mainPod,
  othersWords,
  ownerWord,
  podRevWord,
  podStateWord,
  podWords,
  shortReason,
  type Tr,
} from '../system/cardWords';

/** Invisible handles where CARD_HANDLES says they are (compact and tiny cards: one, mid left). */
const SlotHandles = memo(function SlotHandles({ small }: { small?: boolean }) {
  if (small)
    return (
      <Handle
        id="in"
        type="target"
        position={Position.Left}
        isConnectable={false}
        className="card-handle"
        style={{ top: '50%', left: 0 }}
      />
    );
  return CARD_HANDLES.map((h) => (
    <Handle
      key={h.id}
      id={h.id ?? undefined}
      type="target"
      position={Position.Left}
      isConnectable={false}
      className="card-handle"
      style={{ top: h.y, height: h.height, left: 0, transform: 'none' }}
    />
  ));
});

function Bar({ label, u, format }: { label: string; u: Usage; format: (n: number) => string }) {
  const pct =
    Number.isFinite(u.allocatable) && u.allocatable > 0
      ? Math.min(100, (u.requested / u.allocatable) * 100)
      : 0;
  const level = pct >= 100 ? 'full' : pct >= 80 ? 'high' : 'ok';
  return (
    <div className="res-row">
      <span className="res-label">{label}</span>
      <span
        className={`res-bar ${level}`}
        role="meter"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={Math.round(pct)}
      >
        <span style={{ width: `${pct}%` }} />
      </span>
      <span className="res-text">
        {format(u.requested)} / {format(u.allocatable)}
      </span>
    </div>
  );
}

const count = (n: number) => String(n);

export function statusIcon(s: NodeSummary): string {
  return s.ready === 'Ready' ? '✓' : s.ready === 'NotReady' ? '✗' : '?';
}

/** The tone of a tiny card: the worst state among its pods, or none. */
function compactTone(pods: PodView[]): string {
  const order = ['failed', 'terminating', 'progress', 'unknown', 'ok', 'done'];
  let best = 'none';
  for (const p of pods) if (best === 'none' || order.indexOf(p.tone) < order.indexOf(best)) best = p.tone;
  return best;
}

/** The one line a card without a daemon pod says about why (the full reason). */
export function reasonText(t: TFunction<'graph'>, r: NoPodReason | undefined): string {
  return fullReason(t as Tr, r);
}

/**
 * Whether a card says why it has no daemon pod: not when the only reason is that one is on its way
 * while the old one is still terminating on the card (the terminating pod speaks for itself).
 */
function whyShown(data: NodeCardNode['data']): boolean {
  return !data.hasDaemonPod && (data.reason !== undefined || data.pods.length === 0);
}

/** Why no daemon pod: the full reason on a full card; a few words on smaller ones, the full reason on hover and focus. */
function WhyLine({
  name,
  reason,
  short,
}: {
  name: string;
  reason: NoPodReason | undefined;
  short?: boolean;
}) {
  const { t } = useTranslation('graph');
  const full = reasonText(t, reason);
  const text = short ? shortReason(t as Tr, reason) : full;
  return (
    <button
      type="button"
      className={`why-line nodrag nokey${short ? ' short' : ''}`}
      data-testid={`graph.node.${name}.why`}
      title={`${full} — ${t('node.why')}`}
      aria-label={`${full} — ${t('node.why')}`}
      onClick={(e) => {
        e.stopPropagation();
        selectNode(name);
      }}
    >
      <span aria-hidden="true">∅ </span>
      <span className="w-reason" data-testid={`graph.node.${name}.reason`} data-full={full}>
        {short ? text : <Breakable text={text} />}
      </span>
    </button>
  );
}

function MenuButton({ name }: { name: string }) {
  const { t } = useTranslation('graph');
  return (
    <CardMenuButton
      target={{ kind: 'node', name }}
      label={t('node.menu', { name })}
      testId={`graph.node.${name}.menu`}
    />
  );
}

/** Compact: name, Ready state, taint chips by effect, one pod chip (phase, revision colour), or why not. */
function CompactCard({ data, selected }: { data: NodeCardNode['data']; selected: boolean }) {
  const { t } = useTranslation('graph');
  const s = data.summary;
  const pod = mainPod(data.pods);
  const others = data.pods.filter((p) => p !== pod);
  return (
    <div
      className={`k8s-node small compact ready-${s.ready}${s.unschedulable ? ' cordoned' : ''}${selected ? ' selected' : ''}${data.hasDaemonPod ? '' : ' no-daemon-pod'}`}
      data-testid={`graph.node.${s.name}`}
    >
      <SlotHandles small />
      <div className="card-head">
        <span className="node-name">{s.name}</span>
        <MenuButton name={s.name} />
      </div>
      <div className="sc-state">
        <span
          className={`node-status ready-${s.ready}`}
          data-testid={`graph.node.${s.name}.status`}
          title={s.status}
        >
          <span aria-hidden="true">{statusIcon(s)}</span> {s.status}
        </span>
        {s.taints.map((x) => (
          <TaintChip key={`${x.key}:${x.effect}`} node={s.name} taint={x} short />
        ))}
        {s.conditions.map((c) => (
          <span
            key={c.type}
            className="cond-chip"
            title={`${c.type}=${c.status}${c.reason ? ` (${c.reason})` : ''}`}
          >
            ⚠ {c.type}
          </span>
        ))}
      </div>
      <div className="sc-pods" aria-label={t('node.pods')}>
        {pod ? <PodChip pod={pod} selected={data.selectedPod === pod.key} mini /> : null}
        {others.length ? <OthersWords others={others} /> : null}
        {whyShown(data) ? <WhyLine name={s.name} reason={data.reason} short /> : null}
      </div>
    </div>
  );
}

/** The other pods of a small card: `+1 web` (one workload's) or `+3`; each one in the title. */
function OthersWords({ others, lead }: { others: readonly PodView[]; lead?: string }) {
  const { t } = useTranslation('graph');
  const w = othersWords(t as Tr, others);
  // One owner kind for all of them: said with the same mark as on their pods (❐ for a Deployment's replicas).
  const kinds = new Set(others.map((p) => p.owner?.kind));
  const kind = kinds.size === 1 ? [...kinds][0] : undefined;
  return (
    <span className="pods-more" title={w.title} data-testid="pods-others" data-owner-kind={kind}>
      {lead ?? ''}
      {kind === 'ReplicaSet' ? (
        <span className="pods-more-mark" aria-hidden="true">
          {REPLICA_GLYPH}{' '}
        </span>
      ) : null}
      {w.text}
    </span>
  );
}

/** The words of a small card's pod: its state (in its trouble's colour) and revision; the full story on hover. */
function PodWords({ pod, others }: { pod: PodView; others: readonly PodView[] }) {
  const { t } = useTranslation('graph');
  const { t: tt } = useTranslation('trouble');
  const trouble = useTrouble(pod);
  const rev = podRevWord(t as Tr, pod);
  const owner = ownerWord(pod);
  const state = podStateWord(pod, trouble);
  const label = trouble ? troubleLabel(tt, trouble) : undefined;
  return (
    <span
      className={`tiny-words tone-${pod.tone}${pod.revision ? ` rev-${pod.revision.color}` : ''}${trouble ? ` trouble trouble-${trouble.class}` : ''}`}
      data-testid={`pod.${pod.name}`}
      data-status={pod.status}
      data-trouble={trouble?.class}
      data-revision={pod.revision?.revision ?? ''}
      data-owner-kind={pod.owner?.kind}
      title={[
        `${pod.namespace}/${pod.name}`,
        podWords(t as Tr, pod, trouble),
        label ?? '',
        trouble?.message ?? '',
        pod.image,
      ]
        .filter(Boolean)
        .join('\n')}
    >
      <span className="tiny-swatch" aria-hidden="true" />
      <span
        className={`w-phase pod-status tone-${pod.tone}${trouble ? ' pod-trouble' : ''}`}
        data-testid={trouble ? `pod.${pod.name}.trouble` : undefined}
      >
        {state}
      </span>
      {rev ? (
        // One piece: when the state word and the revision do not fit one line (ImagePullBackOff · 修订 2,
        // CrashLoopBackOff ×4 · rev 3), the revision goes under the state, whole, instead of cutting it.
        <span className="w-rev-line">
          <span aria-hidden="true">{'\u00a0·\u00a0'}</span>
          <span className="w-rev">{rev}</span>
        </span>
      ) : null}
      {owner ? (
        <>
          <span aria-hidden="true">{'\u00a0·\u00a0'}</span>
          <OwnerWord word={owner} kind={pod.owner?.kind} />
        </>
      ) : null}
      {others.length ? <OthersWords others={others} lead={'\u00a0'} /> : null}
      <span className="sr-only">{pod.name}</span>
    </span>
  );
}

/** Tiny: two short lines — name with Ready as an icon, then the pod's state and revision in words, or why no pod. */
function TinyCard({ data, selected }: { data: NodeCardNode['data']; selected: boolean }) {
  const { t } = useTranslation('graph');
  const s = data.summary;
  const tone = compactTone(data.pods);
  const pod = whyShown(data) ? undefined : mainPod(data.pods);
  return (
    <div
      className={`k8s-node small tiny ready-${s.ready}${s.unschedulable ? ' cordoned' : ''}${selected ? ' selected' : ''} tone-${tone}${data.hasDaemonPod ? '' : ' no-daemon-pod'}`}
      data-testid={`graph.node.${s.name}`}
      title={`${s.name}: ${s.status}${s.taints.length ? `; ${s.taints.map((x) => x.text).join(', ')}` : ''}`}
      aria-label={t('node.compactAria', {
        name: s.name,
        status: s.status,
        pods:
          data.pods
            .map((p) => (p.trouble && p.trouble.class !== 'unready' ? troubleWord(p.trouble) : p.status))
            .join(', ') || t('node.noPods'),
      })}
    >
      <SlotHandles small />
      <span className="tiny-head">
        <span className={`tiny-status ready-${s.ready}`} aria-hidden="true">
          {statusIcon(s)}
        </span>
        <span className="node-name">{s.name}</span>
        <span className="sr-only" data-testid={`graph.node.${s.name}.status`}>
          {s.status}
        </span>
        {s.taints.length ? (
          <span className="tiny-taints" aria-hidden="true">
            {EFFECT_ICON[s.taints[0].effect]}
            {s.taints.length > 1 ? s.taints.length : ''}
          </span>
        ) : null}
      </span>
      <span className="tiny-pods">
        {pod ? (
          <PodWords pod={pod} others={data.pods.filter((p) => p !== pod)} />
        ) : (
          <WhyLine name={s.name} reason={data.reason} short />
        )}
      </span>
    </div>
  );
}

function FullCard({ data, selected }: { data: NodeCardNode['data']; selected: boolean }) {
  const { t } = useTranslation('graph');
  const s = data.summary;
  const listed = usePresence(data.pods);
  // Leaving pods fade out below the live ones, so a live pod keeps the row its edge points at.
  const live = listed.filter((p) => !p.leaving);
  const shown = [...live, ...listed.filter((p) => p.leaving)].slice(0, MAX_CARD_PODS);
  const more = live.length - Math.min(live.length, MAX_CARD_PODS);
  const roles = s.roles.length ? s.roles.join(',') : '<none>';
  const labelsText = useMemo(
    () => s.labels.map((l) => (l.value === '' ? l.key : `${l.key}=${l.value}`)),
    [s.labels],
  );
  return (
    <div
      className={`k8s-node ready-${s.ready}${s.unschedulable ? ' cordoned' : ''}${selected ? ' selected' : ''}${data.hasDaemonPod ? '' : ' no-daemon-pod'}`}
      data-testid={`graph.node.${s.name}`}
    >
      <SlotHandles />
      <div className="card-upper" style={{ height: PODS_TOP - 10 }}>
        <div className="card-head">
          <span className="node-name" title={s.name}>
            {s.name}
          </span>
          <MenuButton name={s.name} />
        </div>
        <div className="card-sub">
          <span className={`node-status ready-${s.ready}`} data-testid={`graph.node.${s.name}.status`}>
            <span aria-hidden="true">{statusIcon(s)}</span> {s.status}
          </span>
          <span className="node-roles" title={t('node.rolesTitle')}>
            {t('node.roles')}: {roles}
          </span>
        </div>
        {s.taints.length ? (
          <div className="taints" aria-label={t('node.taints')}>
            {s.taints.map((x) => (
              <TaintChip key={`${x.key}:${x.effect}`} node={s.name} taint={x} />
            ))}
          </div>
        ) : null}
        {s.conditions.length || s.unschedulable ? (
          <div className="conditions">
            {s.unschedulable ? <span className="cond-chip cordon">⊖ {t('node.cordoned')}</span> : null}
            {s.conditions.map((c) => (
              <span key={c.type} className="cond-chip" title={c.reason}>
                ⚠ {c.type}={c.status}
              </span>
            ))}
          </div>
        ) : null}
        <div className="resources">
          <Bar label="cpu" u={s.cpu} format={formatCPU} />
          <Bar label="mem" u={s.memory} format={formatMemory} />
          <Bar label="pods" u={s.pods} format={count} />
        </div>
        <div className="labels" title={labelsText.join('\n')}>
          {labelsText.map((l) => (
            <span key={l} className="label-chip">
              {l}
            </span>
          ))}
          {s.standardLabels ? (
            <span className="label-more">{t('node.standardLabels', { count: s.standardLabels })}</span>
          ) : null}
        </div>
      </div>
      <div className="pods" style={{ top: PODS_TOP }} aria-label={t('node.pods')}>
        {shown.map(({ item, leaving }) => (
          <PodChip key={item.key} pod={item} selected={data.selectedPod === item.key} leaving={leaving} />
        ))}
        {more > 0 ? <span className="pods-more">{t('node.morePods', { count: more })}</span> : null}
        {data.waiting ? (
          <span className="pods-waiting">{t('node.waiting', { count: data.waiting })}</span>
        ) : null}
        {!data.pods.length && !data.waiting && data.hasDaemonPod ? (
          <span className="pods-none">{t('node.noPods')}</span>
        ) : null}
        {whyShown(data) ? <WhyLine name={s.name} reason={data.reason} /> : null}
      </div>
    </div>
  );
}

/** A card that reads its node and pods from the store (a pod change re-renders only this card). */
function LiveNodeCard({
  name,
  level,
  selected,
}: {
  name: string;
  level: LiveCardNode['data']['level'];
  selected: boolean;
}) {
  const data = useLiveCard(name, level);
  if (!data) return null;
  return <CardBody data={data} selected={selected} />;
}

function NodeCardImpl({ data, selected }: NodeProps<NodeCardNode | LiveCardNode>) {
  if ('live' in data) return <LiveNodeCard name={data.name} level={data.level} selected={!!selected} />;
  return <CardBody data={data} selected={!!selected} />;
}

function CardBody({ data, selected }: { data: NodeCardNode['data']; selected: boolean }) {
  if (data.level === 'compact') return <CompactCard data={data} selected={!!selected} />;
  if (data.level === 'tiny' || data.level === 'overview')
    return <TinyCard data={data} selected={!!selected} />;
  return <FullCard data={data} selected={selected} />;
}

export const NodeCard = memo(NodeCardImpl);
