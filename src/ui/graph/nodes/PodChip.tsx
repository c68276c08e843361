// A pod inside a node card (or the unscheduled lane): name suffix, STATUS as kubectl prints it,
// readiness, the revision it runs (colour AND number/hash), a countdown while Terminating, "bare" for
// pods no controller owns. Click selects it; Enter / the context-menu key / right click opens its menu.

import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import { useStore } from '../../../state/store';
import { selectNow } from '../../../state/selectors';
import { podHighlight, useGraphUi } from '../graphStore';
import { countdownSeconds, type PodView } from '../system/model';
import { isMenuKey, openMenu, selectPod } from '../graphActions';
import { useTrouble } from './useTrouble';
import { lastExitText, troubleText } from '../system/rolloutWords';
import { ownerWord, podStateWord } from '../system/cardWords';

function Countdown({ at }: { at: number }) {
  const { t } = useTranslation('graph');
  const now = useStore(selectNow);
  const s = countdownSeconds(at, now) ?? 0;
  return (
    <span className="pod-countdown" title={t('pod.countdownTitle')}>
      ◷ {t('pod.countdown', { s })}
    </span>
  );
}

export interface PodChipProps {
  pod: PodView;
  selected: boolean;
  leaving?: boolean;
  /** show the node the pod waits for (lane) */
  showTarget?: boolean;
  /** one line: phase and revision (compact cards) */
  mini?: boolean;
}

function PodChipImpl({ pod, selected, leaving, showTarget, mini }: PodChipProps) {
  const { t } = useTranslation('graph');
  const { t: tt } = useTranslation('trouble');
  const hl = useGraphUi((s) => podHighlight(s, pod.key));
  const trouble = useTrouble(pod);
  const word = trouble ? troubleText(tt, trouble) : pod.status;
  const lastExit = trouble ? lastExitText(tt, trouble) : undefined;
  const rev = pod.revision;
  const owner = ownerWord(pod);
  const target = { kind: 'pod' as const, namespace: pod.namespace, name: pod.name };
  const injected = pod.tolerations.filter((x) => x.injected).length;
  const own = pod.tolerations.length - injected;
  // Hover (title) and focus (the accessible description) both tell template and injected tolerations apart.
  const tolLines = [
    ...pod.tolerations.filter((x) => !x.injected).map((x) => `  ${x.text} (${t('pod.fromTemplate')})`),
    ...pod.tolerations.filter((x) => x.injected).map((x) => `  ${x.text} (${t('pod.injected')})`),
  ];
  const debugTitle = pod.debuggers ? t('pod.debugTitle', { names: pod.debuggers.join(', ') }) : undefined;
  const title = [
    `${pod.namespace}/${pod.name}`,
    `${t('pod.status')}: ${pod.status} (${pod.readyText})`,
    trouble ? tt('podTitle', { word, what: tt(`class.${trouble.class}`) }) : '',
    trouble?.message ?? '',
    lastExit ?? '',
    pod.image,
    rev
      ? t('pod.revisionTitle', { revision: rev.revision ?? '?', hash: rev.hash }) +
        (rev.was !== undefined ? ` · ${t('pod.was', { revision: rev.was })}` : '')
      : '',
    pod.tolerations.length ? `${t('pod.tolSplit', { own, injected })}:\n${tolLines.join('\n')}` : '',
    debugTitle ?? '',
  ]
    .filter(Boolean)
    .join('\n');
  return (
    <div
      className={`pod-chip nokey${mini ? ' mini' : ''} tone-${pod.tone}${trouble ? ` trouble trouble-${trouble.class}` : ''}${selected ? ' selected' : ''}${leaving ? ' leaving' : ''}${hl ? ` hl-${hl}` : ''}${rev ? ` rev-${rev.color}` : ''}${rev && !rev.current ? ' outdated' : ''}`}
      role="button"
      tabIndex={0}
      aria-pressed={selected}
      title={title}
      aria-description={title}
      data-testid={`pod.${pod.name}`}
      data-status={pod.status}
      data-trouble={trouble?.class}
      data-revision={rev?.revision ?? ''}
      data-hash={rev?.hash ?? ''}
      data-owner-kind={pod.owner?.kind}
      data-highlight={hl || undefined}
      onClick={(e) => {
        e.stopPropagation();
        selectPod(pod.namespace, pod.name);
      }}
      onContextMenu={(e) => {
        e.preventDefault();
        e.stopPropagation();
        openMenu(target, { x: e.clientX, y: e.clientY }, e.currentTarget);
      }}
      onKeyDown={(e) => {
        if (isMenuKey(e)) {
          e.preventDefault();
          e.stopPropagation();
          openMenu(target, e.currentTarget);
        } else if (e.key === ' ') {
          e.preventDefault();
          e.stopPropagation();
          selectPod(pod.namespace, pod.name);
        }
      }}
    >
      <span className="pod-rev-stripe" aria-hidden="true" />
      {mini ? (
        <span className="pod-line">
          <PodState pod={pod} word={podStateWord(pod, trouble)} trouble={trouble !== undefined} />
          {rev?.revision !== undefined ? (
            <span className="pod-rev w-rev">{t('pod.rev', { revision: rev.revision })}</span>
          ) : null}
          {rev && !rev.current ? <span className="pod-outdated">{t('pod.outdated')}</span> : null}
          {owner ? <OwnerWord word={owner} kind={pod.owner?.kind} /> : null}
          {debugTitle ? (
            <span className="pod-debug" title={debugTitle} data-testid={`pod.${pod.name}.debug`}>
              {/* the compact card's one line has room for three letters */}
              {t('pod.debugShort')}
            </span>
          ) : null}
          <span className="sr-only">{pod.name}</span>
        </span>
      ) : null}
      {mini ? null : (
        <span className="pod-line">
          {pod.owner ? (
            <span className="pod-name">
              <span aria-hidden="true">…-{pod.suffix}</span>
              <span className="sr-only">{pod.name}</span>
            </span>
          ) : (
            <span className="pod-name">{pod.name}</span>
          )}
          <PodState pod={pod} word={word} trouble={trouble !== undefined} />
          {trouble?.class === 'unready' ? null : (
            <span className="pod-ready" title={t('pod.readyTitle')}>
              {pod.readyText}
            </span>
          )}
        </span>
      )}
      {mini ? null : (
        <span className="pod-line pod-meta">
          {rev ? (
            <span className="pod-rev w-rev">
              <span className="rev-swatch" aria-hidden="true" />
              {rev.revision !== undefined ? t('pod.rev', { revision: rev.revision }) : null}{' '}
              <code>{rev.hash}</code>
              {!rev.current ? <span className="pod-outdated"> {t('pod.outdated')}</span> : null}
            </span>
          ) : pod.bare ? (
            <span className="pod-bare">{t('pod.bare')}</span>
          ) : (
            <span className="pod-owner">
              {pod.owner?.kind === 'ReplicaSet' ? <span aria-hidden="true">{REPLICA_GLYPH} </span> : null}
              {pod.owner ? `${pod.owner.kind}/${pod.owner.name}` : ''}
            </span>
          )}
          {debugTitle ? (
            <span className="pod-debug" title={debugTitle} data-testid={`pod.${pod.name}.debug`}>
              {t('pod.debug')}
            </span>
          ) : null}
          {pod.deletionAt !== undefined && pod.status === 'Terminating' ? (
            <Countdown at={pod.deletionAt} />
          ) : null}
          {lastExit && trouble?.last?.reason ? (
            <span className="pod-last" title={lastExit}>
              {trouble.last.reason} ({trouble.last.exitCode})
            </span>
          ) : pod.tolerations.length ? (
            <span className="pod-tols" title={t('pod.tolSplit', { own, injected })}>
              {t('pod.tolShort', { own, injected })}
            </span>
          ) : null}
        </span>
      )}
      {showTarget && (pod.targetNode || pod.schedulingMessage) ? (
        <span className="pod-line pod-sched">
          {pod.targetNode ? <span className="pod-target">→ {pod.targetNode}</span> : null}
          {pod.schedulingMessage ? <span className="pod-sched-msg">{pod.schedulingMessage}</span> : null}
        </span>
      ) : null}
    </div>
  );
}

/** The STATUS word, or the trouble word in its class's colour (`ImagePullBackOff`, `CrashLoopBackOff ×4`, `0/1 not ready`). */
function PodState({ pod, word, trouble }: { pod: PodView; word: string; trouble: boolean }) {
  return (
    <span
      className={`w-phase pod-status tone-${pod.tone}${trouble ? ' pod-trouble' : ''}`}
      data-testid={trouble ? `pod.${pod.name}.trouble` : undefined}
    >
      {word}
    </span>
  );
}

/** The mark of a Deployment's replica pod, as on the Deployment card. */
export const REPLICA_GLYPH = '❐';

/** Whose pod it is, for a pod that has no DaemonSet revision to show: `❐ web`. */
export function OwnerWord({ word, kind }: { word: string; kind: string | undefined }) {
  return (
    <span className="w-owner" data-owner-kind={kind}>
      {kind === 'ReplicaSet' ? <span aria-hidden="true">{REPLICA_GLYPH} </span> : null}
      {word}
    </span>
  );
}

export const PodChip = memo(PodChipImpl);
