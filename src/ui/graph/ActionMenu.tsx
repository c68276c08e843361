// The menu of a node, pod, DaemonSet or Deployment card (right click, the ⋯ button, or Enter / the context-menu
// key on a focused card). Items come from menuItems.ts; the three small forms (taint, label, image)
// build their command from what is typed. Every action runs through the console.

import {
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type KeyboardEvent,
  type ReactNode,
} from 'react';
import { useTranslation } from 'react-i18next';
import type {
  ControllerRevision,
  DaemonSet,
  Deployment,
  Node,
  Pod,
  ReplicaSet,
  TaintEffect,
} from '../../engine';
import { useStore } from '../../state/store';
import { graphUi, useGraphUi, type MenuState } from './graphStore';
import { daemonSetView, podView, revisionChain, summarizeNode } from './system/model';
import {
  deploymentMenuItems,
  dsMenuItems,
  nodeMenuItems,
  podMenuItems,
  type MenuItem,
} from './system/menuItems';
import { deploymentView, ownedReplicaSets, replicaSetChain } from './system/deploymentModel';
import { cmd, deployCmd } from './system/commands';
import { run, selectTarget } from './graphActions';

const EFFECTS: TaintEffect[] = ['NoSchedule', 'PreferNoSchedule', 'NoExecute'];

interface Resolved {
  title: string;
  items: MenuItem[];
  node?: Node;
  ds?: DaemonSet;
  deployment?: Deployment;
}

function resolve(menu: MenuState, objects: ReturnType<typeof useStore.getState>['objects']): Resolved | null {
  const t = menu.target;
  if (t.kind === 'node') {
    const node = objects.Node[`/${t.name}`] as Node | undefined;
    if (!node) return null;
    const pods = Object.values(objects.Pod as Record<string, Pod>).filter((p) => p.spec.nodeName === t.name);
    return { title: `node/${t.name}`, items: nodeMenuItems(summarizeNode(node, pods)), node };
  }
  if (t.kind === 'pod') {
    const pod = objects.Pod[`${t.namespace}/${t.name}`] as Pod | undefined;
    if (!pod) return null;
    return { title: `pod/${t.name}`, items: podMenuItems(podView(pod, undefined)) };
  }
  if (t.kind === 'deploy') {
    const dep = objects.Deployment[`${t.namespace}/${t.name}`] as Deployment | undefined;
    if (!dep) return null;
    const rss = ownedReplicaSets(dep, Object.values(objects.ReplicaSet as Record<string, ReplicaSet>));
    return {
      title: `deployment.apps/${t.name}`,
      items: deploymentMenuItems(deploymentView(dep, replicaSetChain(rss))),
      deployment: dep,
    };
  }
  const ds = objects.DaemonSet[`${t.namespace}/${t.name}`] as DaemonSet | undefined;
  if (!ds) return null;
  const crs = Object.values(objects.ControllerRevision as Record<string, ControllerRevision>).filter((c) =>
    c.metadata.ownerReferences?.some((r) => r.controller && r.uid === ds.metadata.uid),
  );
  return {
    title: `daemonset.apps/${t.name}`,
    items: dsMenuItems(daemonSetView(ds, revisionChain(ds, crs))),
    ds,
  };
}

function TaintForm({ node, onDone }: { node: string; onDone: () => void }) {
  const { t } = useTranslation('graph');
  const [key, setKey] = useState('dedicated');
  const [value, setValue] = useState('');
  const [effect, setEffect] = useState<TaintEffect>('NoSchedule');
  const preview = cmd.taint(node, key.trim(), value.trim(), effect);
  return (
    <form
      className="menu-form"
      data-testid="graph.menu.taint-form"
      onSubmit={(e) => {
        e.preventDefault();
        if (!key.trim()) return;
        void run(preview);
        onDone();
      }}
    >
      <label>
        {t('form.key')}
        <input
          autoFocus
          value={key}
          onChange={(e) => setKey(e.target.value)}
          data-testid="graph.menu.taint-key"
          required
        />
      </label>
      <label>
        {t('form.value')}
        <input
          value={value}
          onChange={(e) => setValue(e.target.value)}
          data-testid="graph.menu.taint-value"
          placeholder={t('form.optional')}
        />
      </label>
      <fieldset className="effect-pick">
        <legend>{t('form.effect')}</legend>
        {EFFECTS.map((x) => (
          <label key={x}>
            <input
              type="radio"
              name="effect"
              value={x}
              checked={effect === x}
              onChange={() => setEffect(x)}
              data-testid={`graph.menu.effect.${x}`}
            />
            {x}
          </label>
        ))}
      </fieldset>
      <code className="menu-preview">{preview}</code>
      <button type="submit" className="primary" data-testid="graph.menu.submit">
        {t('form.apply')}
      </button>
    </form>
  );
}

function LabelForm({ node, onDone }: { node: Node; onDone: () => void }) {
  const { t } = useTranslation('graph');
  const [key, setKey] = useState('');
  const [value, setValue] = useState('');
  const k = key.trim();
  const overwrite = k !== '' && node.metadata.labels?.[k] !== undefined;
  const preview = cmd.label(node.metadata.name, k, value.trim(), overwrite);
  return (
    <form
      className="menu-form"
      data-testid="graph.menu.label-form"
      onSubmit={(e) => {
        e.preventDefault();
        if (!k) return;
        void run(preview);
        onDone();
      }}
    >
      <label>
        {t('form.key')}
        <input
          autoFocus
          value={key}
          onChange={(e) => setKey(e.target.value)}
          placeholder="disktype"
          data-testid="graph.menu.label-key"
          required
        />
      </label>
      <label>
        {t('form.value')}
        <input
          value={value}
          onChange={(e) => setValue(e.target.value)}
          placeholder="ssd"
          data-testid="graph.menu.label-value"
        />
      </label>
      <code className="menu-preview">{preview}</code>
      <button type="submit" className="primary" data-testid="graph.menu.submit">
        {t('form.apply')}
      </button>
    </form>
  );
}

function ImageForm({ ds, onDone }: { ds: DaemonSet | Deployment; onDone: () => void }) {
  const { t } = useTranslation('graph');
  const containers = ds.spec.template.spec.containers;
  const [container, setContainer] = useState(containers[0]?.name ?? '');
  const current = containers.find((c) => c.name === container)?.image ?? '';
  const [image, setImage] = useState(current);
  const ns = ds.metadata.namespace ?? 'default';
  const preview = (ds.kind === 'Deployment' ? deployCmd : cmd).setImage(
    ds.metadata.name,
    ns,
    container,
    image.trim(),
  );
  return (
    <form
      className="menu-form"
      data-testid="graph.menu.image-form"
      onSubmit={(e) => {
        e.preventDefault();
        if (!image.trim() || image.trim() === current) return;
        void run(preview);
        onDone();
      }}
    >
      {containers.length > 1 ? (
        <label>
          {t('form.container')}
          <select
            value={container}
            onChange={(e) => {
              setContainer(e.target.value);
              setImage(containers.find((c) => c.name === e.target.value)?.image ?? '');
            }}
          >
            {containers.map((c) => (
              <option key={c.name}>{c.name}</option>
            ))}
          </select>
        </label>
      ) : null}
      <label>
        {t('form.image')}
        <input
          autoFocus
          value={image}
          onChange={(e) => setImage(e.target.value)}
          data-testid="graph.menu.image"
          required
        />
      </label>
      <code className="menu-preview">{preview}</code>
      <button
        type="submit"
        className="primary"
        data-testid="graph.menu.submit"
        disabled={!image.trim() || image.trim() === current}
      >
        {t('form.apply')}
      </button>
    </form>
  );
}

const STILL = { dx: 0, dy: 0 };

/** How far the menu's card has moved on screen since the menu opened (checked each frame while open). */
function useFollow(menu: MenuState): { dx: number; dy: number } {
  const [moved, setMoved] = useState(STILL);
  const { card, cardAt } = menu;
  useEffect(() => {
    if (!card || !cardAt) return;
    let frame = requestAnimationFrame(function check() {
      if (!card.isConnected) return;
      const r = card.getBoundingClientRect();
      const dx = r.left - cardAt.x;
      const dy = r.bottom - cardAt.y;
      setMoved((m) => (Math.abs(m.dx - dx) < 0.5 && Math.abs(m.dy - dy) < 0.5 ? m : { dx, dy }));
      frame = requestAnimationFrame(check);
    });
    return () => cancelAnimationFrame(frame);
  }, [card, cardAt]);
  return moved;
}

function MenuBody({ menu }: { menu: MenuState }) {
  const { t } = useTranslation('graph');
  const objects = useStore((s) => s.objects);
  const resolved = useMemo(() => resolve(menu, objects), [menu, objects]);
  const [form, setForm] = useState<MenuState['form']>(menu.form);
  // An open submenu ("Break image ▸"): its items replace the list, with Back first.
  const [sub, setSub] = useState<string | undefined>(undefined);
  const ref = useRef<HTMLDivElement>(null);
  const [pos, setPos] = useState({ x: menu.x, y: menu.y });

  // The card's moves since the menu opened: the view refits on its own (Enter also selects the card,
  // the side panel opens and the pane narrows; a node is added) and the menu follows its card.
  const follow = useFollow(menu);

  // Keep the menu inside the window.
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el) return;
    const r = el.getBoundingClientRect();
    const x = Math.max(4, Math.min(menu.x + follow.dx, window.innerWidth - r.width - 4));
    const y = Math.max(4, Math.min(menu.y + follow.dy, window.innerHeight - r.height - 4));
    setPos((p) => (p.x === x && p.y === y ? p : { x, y }));
  }, [menu.x, menu.y, form, follow]);

  useEffect(() => {
    if (!form)
      ref.current
        ?.querySelector<HTMLElement>(sub ? '[role="menuitem"]:not([data-back])' : '[role="menuitem"]')
        ?.focus();
  }, [form, sub]);

  useEffect(() => {
    const onDown = (e: PointerEvent) => {
      if (ref.current && !ref.current.contains(e.target as globalThis.Node)) graphUi.closeMenu(false);
    };
    document.addEventListener('pointerdown', onDown, true);
    return () => document.removeEventListener('pointerdown', onDown, true);
  }, []);

  if (!resolved) return null;
  const close = () => graphUi.closeMenu();
  const onKey = (e: KeyboardEvent) => {
    if (e.key === 'Escape') {
      e.preventDefault();
      e.stopPropagation();
      if (form && !menu.form) setForm(undefined);
      else if (sub) setSub(undefined);
      else close();
      return;
    }
    if (form) return;
    if (sub && e.key === 'ArrowLeft') {
      e.preventDefault();
      setSub(undefined);
      return;
    }
    if (!sub && e.key === 'ArrowRight') {
      const id = (document.activeElement as HTMLElement | null)?.dataset.submenu;
      if (id) {
        e.preventDefault();
        setSub(id);
      }
      return;
    }
    const items = [...(ref.current?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? [])];
    const i = items.indexOf(document.activeElement as HTMLElement);
    let next = -1;
    if (e.key === 'ArrowDown') next = (i + 1) % items.length;
    else if (e.key === 'ArrowUp') next = (i - 1 + items.length) % items.length;
    else if (e.key === 'Home') next = 0;
    else if (e.key === 'End') next = items.length - 1;
    if (next >= 0) {
      e.preventDefault();
      items[next]?.focus();
    }
  };
  const activate = (item: MenuItem) => {
    if (item.type === 'command') {
      void run(item.command);
      close();
    } else if (item.type === 'action') {
      if (item.action === 'select') selectTarget(menu.target);
      else if (item.action === 'diff' && menu.target.kind === 'pod')
        useGraphUi.setState({ diffPod: { namespace: menu.target.namespace, name: menu.target.name } });
      close();
    } else if (item.type === 'form') setForm(item.form);
    else if (item.type === 'submenu') setSub(item.id);
  };
  const open = sub
    ? resolved.items.find(
        (i): i is Extract<MenuItem, { type: 'submenu' }> => i.type === 'submenu' && i.id === sub,
      )
    : undefined;
  const list: MenuItem[] = open ? open.items : resolved.items;

  return (
    <div
      ref={ref}
      className="graph-menu nokey nowheel"
      role={form ? 'dialog' : 'menu'}
      aria-label={resolved.title}
      style={{ left: pos.x, top: pos.y }}
      onKeyDown={onKey}
      onContextMenu={(e) => e.preventDefault()}
      data-testid="graph.menu"
    >
      <div className="menu-title">
        {resolved.title}
        {open ? ` ▸ ${t(open.label, open.params ?? {})}` : ''}
      </div>
      {open ? (
        <>
          <button
            type="button"
            role="menuitem"
            tabIndex={-1}
            className="menu-item menu-back"
            data-back=""
            data-testid="graph.menu.back"
            onClick={() => setSub(undefined)}
          >
            ‹ {t('trouble:menu.back')}
          </button>
          {open.params?.image ? (
            <code className="menu-preview menu-sub-image">{String(open.params.image)}</code>
          ) : null}
        </>
      ) : null}
      {form === 'taint' && menu.target.kind === 'node' ? (
        <TaintForm node={menu.target.name} onDone={close} />
      ) : form === 'label' && resolved.node ? (
        <LabelForm node={resolved.node} onDone={close} />
      ) : form === 'image' && (resolved.ds ?? resolved.deployment) ? (
        <ImageForm ds={(resolved.ds ?? resolved.deployment)!} onDone={close} />
      ) : (
        list.map((item) =>
          item.type === 'separator' ? (
            <div key={item.id} className="menu-sep" role="separator" />
          ) : (
            <button
              key={item.id}
              type="button"
              role="menuitem"
              tabIndex={-1}
              className={`menu-item${item.type === 'command' && item.danger ? ' danger' : ''}${item.type === 'submenu' ? ' has-sub' : ''}`}
              data-testid={`graph.menu.${item.id}`}
              title={item.type === 'command' ? item.command : undefined}
              {...(item.type === 'submenu'
                ? { 'aria-haspopup': 'menu' as const, 'data-submenu': item.id }
                : {})}
              onClick={() => activate(item)}
            >
              {keepFlagsWhole(t(item.label, 'params' in item && item.params ? item.params : {}))}
              {item.type === 'form' ? '…' : ''}
              {item.type === 'submenu' ? <span aria-hidden="true"> ▸</span> : null}
            </button>
          ),
        )
      )}
    </div>
  );
}

/**
 * A label's words with a hyphen (`--ignore-daemonsets`, `--force)`) are kept whole: a narrow menu
 * wraps the label between words, never after a flag's hyphen ("--|force").
 */
function keepFlagsWhole(label: string): ReactNode {
  if (!label.includes('-')) return label;
  return label.split(/(\s+)/).map((w, i) =>
    w.includes('-') ? (
      <span key={i} className="menu-nobreak">
        {w}
      </span>
    ) : (
      w
    ),
  );
}

export function ActionMenu() {
  const menu = useGraphUi((s) => s.menu);
  if (!menu) return null;
  // A new target or position remounts the body (fresh form state).
  return (
    <MenuBody key={`${JSON.stringify(menu.target)}:${menu.x}:${menu.y}:${menu.form ?? ''}`} menu={menu} />
  );
}

/** The chunk's component (ActionMenuSlot loads it lazily). */
export default ActionMenu;
