// The node palette: drag a kind of node onto the canvas (pointer events, so mouse, pen and touch all
// work; not HTML5 drag and drop) or press its button (keyboard, or a plain click) to add one. Each
// runs `sim node add …` through the console. "Custom" opens a small form first. Last, a Deployment
// (the editor's preset, applied with `kubectl apply -f -`): the other way of running a template.

import { useRef, useState, type PointerEvent as ReactPointerEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { NodeSpecInput } from '../graph/system/commands';
import { parseLabelInput, parseTaintInput, splitList } from '../graph/system/commands';
import { KINDS, type PaletteKind } from './kinds';
import { preset } from '../manifest/presets';
import { run } from '../graph/graphActions';
import './palette.css';

export interface PaletteProps {
  /** add a node of this kind; `at` is where it was dropped (screen coordinates), if it was */
  add: (kind: PaletteKind, extra?: Partial<NodeSpecInput>, at?: { x: number; y: number }) => void;
  /** whether a screen point is over the canvas */
  overCanvas: (x: number, y: number) => boolean;
  suggestName: () => string;
  /** a small canvas: a labelled "Add node" button that opens the kinds as a menu over the canvas */
  compact?: boolean;
}

const DRAG_THRESHOLD = 5;

const ICON: Record<PaletteKind, string> = {
  worker: '▣',
  'control-plane': '♛',
  gpu: '⚡',
  'no-network': '⌁',
  custom: '✎',
};

interface Drag {
  kind: PaletteKind;
  pointerId: number;
  startX: number;
  startY: number;
  x: number;
  y: number;
  moved: boolean;
}

function CustomForm({
  at,
  suggest,
  onSubmit,
  onCancel,
}: {
  at?: { x: number; y: number };
  suggest: string;
  onSubmit: (extra: Partial<NodeSpecInput>, at?: { x: number; y: number }) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation('graph');
  const [name, setName] = useState(suggest);
  const [labels, setLabels] = useState('');
  const [taints, setTaints] = useState('');
  const [noNetwork, setNoNetwork] = useState(false);
  const badLabels = splitList(labels).filter((l) => !parseLabelInput(l));
  const badTaints = splitList(taints).filter((l) => !parseTaintInput(l));
  const valid = /^[a-z0-9]([-a-z0-9.]*[a-z0-9])?$/.test(name) && !badLabels.length && !badTaints.length;
  return (
    <form
      className="palette-form"
      data-testid="palette.custom-form"
      onKeyDown={(e) => {
        if (e.key === 'Escape') {
          e.stopPropagation();
          onCancel();
        }
      }}
      onSubmit={(e) => {
        e.preventDefault();
        if (!valid) return;
        onSubmit(
          {
            name,
            labels: splitList(labels).map((l) => parseLabelInput(l)!),
            taints: splitList(taints).map((l) => parseTaintInput(l)!),
            noNetwork,
          },
          at,
        );
      }}
    >
      <label>
        {t('palette.form.name')}
        <input
          autoFocus
          value={name}
          onChange={(e) => setName(e.target.value.trim())}
          data-testid="palette.custom.name"
          aria-invalid={!valid}
        />
      </label>
      <label>
        {t('palette.form.labels')}
        <input
          value={labels}
          onChange={(e) => setLabels(e.target.value)}
          placeholder="disktype=ssd, zone=a"
          data-testid="palette.custom.labels"
          aria-invalid={badLabels.length > 0}
        />
      </label>
      <label>
        {t('palette.form.taints')}
        <input
          value={taints}
          onChange={(e) => setTaints(e.target.value)}
          placeholder="dedicated=db:NoSchedule"
          data-testid="palette.custom.taints"
          aria-invalid={badTaints.length > 0}
        />
      </label>
      {badLabels.length || badTaints.length ? (
        <p className="palette-error">
          {t('palette.form.invalid', { items: [...badLabels, ...badTaints].join(', ') })}
        </p>
      ) : null}
      <label className="check">
        <input type="checkbox" checked={noNetwork} onChange={(e) => setNoNetwork(e.target.checked)} />{' '}
        {t('palette.form.noNetwork')}
      </label>
      <div className="palette-form-actions">
        <button type="submit" className="primary" disabled={!valid} data-testid="palette.custom.submit">
          {t('palette.form.add')}
        </button>
        <button type="button" onClick={onCancel}>
          {t('palette.form.cancel')}
        </button>
      </div>
    </form>
  );
}

export function Palette({ add, overCanvas, suggestName, compact = false }: PaletteProps) {
  const { t } = useTranslation('graph');
  const [drag, setDrag] = useState<Drag | null>(null);
  const [custom, setCustom] = useState<{ at?: { x: number; y: number } } | null>(null);
  // A column stays open until folded; the compact menu opens on demand and closes after adding.
  const [openColumn, setOpenColumn] = useState(true);
  const [openMenu, setOpenMenu] = useState(false);
  const open = compact ? openMenu : openColumn;
  const setOpen = compact ? setOpenMenu : setOpenColumn;
  // A drag ends with a click on the same button; that click must not add a second node.
  const swallowClick = useRef(false);

  const onPointerDown = (kind: PaletteKind) => (e: ReactPointerEvent<HTMLButtonElement>) => {
    if (e.button !== 0) return;
    e.currentTarget.setPointerCapture(e.pointerId);
    setDrag({
      kind,
      pointerId: e.pointerId,
      startX: e.clientX,
      startY: e.clientY,
      x: e.clientX,
      y: e.clientY,
      moved: false,
    });
  };
  const onPointerMove = (e: ReactPointerEvent<HTMLButtonElement>) => {
    if (!drag || e.pointerId !== drag.pointerId) return;
    const moved = drag.moved || Math.hypot(e.clientX - drag.startX, e.clientY - drag.startY) > DRAG_THRESHOLD;
    setDrag({ ...drag, x: e.clientX, y: e.clientY, moved });
  };
  const onPointerUp = (e: ReactPointerEvent<HTMLButtonElement>) => {
    if (!drag || e.pointerId !== drag.pointerId) return;
    setDrag(null);
    if (!drag.moved) return;
    swallowClick.current = true;
    setTimeout(() => (swallowClick.current = false), 0);
    if (!overCanvas(e.clientX, e.clientY)) return;
    const at = { x: e.clientX, y: e.clientY };
    if (compact) setOpenMenu(false);
    if (drag.kind === 'custom') setCustom({ at });
    else add(drag.kind, undefined, at);
  };

  return (
    <div
      className={`palette nokey${open ? '' : ' closed'}${compact ? ' menu' : ' column'}`}
      data-testid="palette"
      aria-label={t('palette.title')}
      role="toolbar"
      aria-orientation="vertical"
      onKeyDown={(e) => {
        if (e.key === 'Escape' && compact && openMenu && !custom) {
          e.stopPropagation();
          setOpenMenu(false);
        }
      }}
    >
      <button
        type="button"
        className="palette-toggle"
        aria-expanded={open}
        onClick={() => setOpen(!open)}
        title={`${t('palette.title')}: ${t('palette.hint')}`}
        data-testid="palette.toggle"
      >
        {open && !compact ? (
          t('palette.title')
        ) : (
          <>
            <span aria-hidden="true">+ </span>
            {t('palette.add')}
          </>
        )}
      </button>
      {open
        ? KINDS.map((k) => (
            <button
              key={k.kind}
              type="button"
              className={`palette-item kind-${k.kind}${drag?.kind === k.kind && drag.moved ? ' dragging' : ''}`}
              data-testid={`palette.${k.kind}`}
              title={`${t(`palette.kinds.${k.kind}.label`)}: ${t(`palette.kinds.${k.kind}.hint`)}`}
              aria-label={t(`palette.kinds.${k.kind}.label`)}
              aria-describedby="palette-hint"
              onPointerDown={onPointerDown(k.kind)}
              onPointerMove={onPointerMove}
              onPointerUp={onPointerUp}
              onPointerCancel={() => setDrag(null)}
              onClick={() => {
                if (swallowClick.current) return;
                if (k.kind === 'custom') setCustom({});
                else {
                  add(k.kind);
                  if (compact) setOpenMenu(false);
                }
              }}
            >
              <span className="palette-icon" aria-hidden="true">
                {ICON[k.kind]}
              </span>
              <span className="palette-label">{t(`palette.kinds.${k.kind}.label`)}</span>
            </button>
          ))
        : null}
      {open ? (
        <button
          type="button"
          className="palette-item kind-deployment"
          data-testid="palette.deployment"
          title={`${t('palette.deployment.label')}: ${t('palette.deployment.hint')}`}
          aria-label={t('palette.deployment.label')}
          onClick={() => {
            // The preset as `kubectl apply -f -` would take it, echoed in the console like the editor's Apply.
            void run('kubectl apply -f -', { stdin: preset('deployment').manifest });
            if (compact) setOpenMenu(false);
          }}
        >
          <span className="palette-icon" aria-hidden="true">
            ❐
          </span>
          <span className="palette-label">{t('palette.deployment.label')}</span>
        </button>
      ) : null}
      {open ? (
        <p id="palette-hint" className="palette-hint">
          {t('palette.hint')}
        </p>
      ) : null}
      {custom ? (
        <CustomForm
          at={custom.at}
          suggest={suggestName()}
          onCancel={() => setCustom(null)}
          onSubmit={(extra, at) => {
            setCustom(null);
            if (compact) setOpenMenu(false);
            add('custom', extra, at);
          }}
        />
      ) : null}
      {drag?.moved ? (
        <div className="palette-ghost" style={{ left: drag.x, top: drag.y }} aria-hidden="true">
          <span className="palette-icon">{ICON[drag.kind]}</span> {t(`palette.kinds.${drag.kind}.label`)}
        </div>
      ) : null}
    </div>
  );
}
