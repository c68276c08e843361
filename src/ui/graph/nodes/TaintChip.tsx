// A taint on a node card: effect icon + `key=value:Effect`. Hovering or focusing it lights up the pods
// (and DaemonSets) that tolerate it and dims the others; the × removes it (kubectl taint …-).

import { memo, useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import type { DaemonSet, Pod } from '../../../engine';
import { useStore } from '../../../state/store';
import { graphUi, useGraphUi } from '../graphStore';
import { tolerating } from '../system/highlight';
import { EFFECT_ICON, type TaintView } from '../system/model';
import { cmd } from '../system/commands';
import { run } from '../graphActions';

/** `short`: the effect only (compact cards); the whole taint is in the title and the accessible name. */
function TaintChipImpl({ node, taint, short }: { node: string; taint: TaintView; short?: boolean }) {
  const { t } = useTranslation('graph');
  const active = useGraphUi(
    (s) => s.hover?.node === node && s.hover.taint.key === taint.key && s.hover.taint.effect === taint.effect,
  );
  const enter = useCallback(() => {
    const { objects } = useStore.getState();
    const tt = { key: taint.key, value: taint.value, effect: taint.effect };
    graphUi.hoverTaint(
      { node, taint: tt },
      tolerating(tt, objects.Pod as Record<string, Pod>, objects.DaemonSet as Record<string, DaemonSet>),
    );
  }, [node, taint]);
  const leave = useCallback(() => graphUi.hoverTaint(null, null), []);
  const effect = t(`effect.${taint.effect}`);
  return (
    <span
      className={`taint-chip nokey effect-${taint.effect}${active ? ' active' : ''}${short ? ' short' : ''}`}
      tabIndex={0}
      role="note"
      aria-label={t('taint.aria', { taint: taint.text, effect })}
      title={t('taint.title', { taint: taint.text, effect })}
      data-testid={`taint.${node}.${taint.key}.${taint.effect}`}
      onMouseEnter={enter}
      onMouseLeave={leave}
      onFocus={enter}
      onBlur={leave}
    >
      <span className="taint-icon" aria-hidden="true">
        {EFFECT_ICON[taint.effect]}
      </span>
      {short ? null : (
        <span className="taint-text">
          {taint.key}
          {taint.value ? `=${taint.value}` : ''}
        </span>
      )}
      <span className="taint-effect">{taint.effect}</span>
      {short ? null : (
        <button
          type="button"
          className="taint-remove nodrag nokey"
          aria-label={t('taint.remove', { taint: taint.text })}
          title={t('taint.remove', { taint: taint.text })}
          onClick={(e) => {
            e.stopPropagation();
            graphUi.hoverTaint(null, null);
            void run(cmd.untaint(node, taint.key, taint.effect));
          }}
        >
          ×
        </button>
      )}
    </span>
  );
}

export const TaintChip = memo(TaintChipImpl);
