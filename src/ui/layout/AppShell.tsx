import { useCallback, useEffect, useMemo, useState, type CSSProperties, type ReactNode } from 'react';
import { PANELS, panelById, type PanelId } from './panels';
import { useStore } from '../../state/store';
import { MIN_GRAPH_SHARE, splitLayoutOf } from '../../state/split';
import { LessonFoldContext } from './LayoutContext';
import { PanelToolsContext, panelToolsSlots, useMountedSlot } from './PanelTools';
import { SplitHandle } from './SplitHandle';
import './app.css';

interface PanelProps {
  id: PanelId;
  label: string;
  children?: ReactNode;
  /** the panel can fold to its title bar (console, events) */
  collapsed?: boolean;
  onToggle?: () => void;
  /** a slot beside the title for the panel's own buttons (filled with a portal; PanelTools.ts) */
  tools?: HTMLElement | null;
}

function Panel({ id, label, children, collapsed, onToggle, tools = null }: PanelProps) {
  const panel = panelById(id);
  const bodyId = `panel-body-${id}`;
  // the panel's own tools (the console's Wrap, Copy all, Clear) share the title's row
  const head = useMountedSlot(tools);
  return (
    <section
      className={`panel panel-${panel.area}${collapsed ? ' collapsed' : ''}`}
      style={{ gridArea: panel.area }}
      data-testid={panel.testId}
      data-collapsed={collapsed ? 'true' : undefined}
      aria-label={label}
    >
      <div className="panel-head" ref={head}>
        <h2 className="panel-title">
          {onToggle ? (
            <button
              type="button"
              className="panel-toggle"
              aria-expanded={!collapsed}
              aria-controls={bodyId}
              onClick={onToggle}
              data-testid={`${id}-toggle`}
            >
              <span className="panel-chevron" aria-hidden="true">
                {collapsed ? '▸' : '▾'}
              </span>
              {label}
            </button>
          ) : (
            label
          )}
        </h2>
      </div>
      <div className="panel-body" id={bodyId} hidden={collapsed}>
        {children}
      </div>
    </section>
  );
}

export interface AppShellProps {
  header?: ReactNode;
  notice?: ReactNode;
  timeline?: ReactNode;
  lesson?: ReactNode;
  editor?: ReactNode;
  graph?: ReactNode;
  console?: ReactNode;
  events?: ReactNode;
  labels: Record<PanelId, string>;
  /** which panels show: all (split), or one (DESIGN §4 `view=`) */
  view?: 'split' | 'graph' | 'editor' | 'console';
  /** compact layout for a small iframe (`embed=1`) */
  embed?: boolean;
}

const VISIBLE: Record<NonNullable<AppShellProps['view']>, PanelId[]> = {
  split: ['editor', 'graph', 'console', 'events'],
  graph: ['graph'],
  editor: ['editor'],
  console: ['console'],
};

/** Where the panels stack in one column and the page scrolls (app.css): no split to drag there. */
const NARROW = '(max-width: 900px)';

function useNarrow(): boolean {
  const [narrow, setNarrow] = useState(() => matchMedia(NARROW).matches);
  useEffect(() => {
    const mq = matchMedia(NARROW);
    const on = () => setNarrow(mq.matches);
    on();
    mq.addEventListener('change', on);
    return () => mq.removeEventListener('change', on);
  }, []);
  return narrow;
}

/** Panels that fold to their title bar; presentation mode folds them. */
const FOLDABLE: readonly PanelId[] = ['console', 'events'];

/**
 * Layout only. Header and timeline on top; a side column on the left (the lesson, when open, above the
 * manifest editor); the cluster graph beside it; console and events along the bottom. Below 900 px
 * everything stacks in one column and the page scrolls (app.css).
 */
export function AppShell({
  header,
  notice,
  timeline,
  lesson,
  editor,
  graph,
  console,
  events,
  labels,
  view = 'split',
  embed = false,
}: AppShellProps) {
  const present = useStore((s) => s.present);
  const narrow = useNarrow();
  const [folded, setFolded] = useState<ReadonlySet<PanelId>>(() => new Set(present ? FOLDABLE : []));
  // Presentation mode folds the console and events; leaving it unfolds them.
  useEffect(() => setFolded(new Set(present ? FOLDABLE : [])), [present]);
  const toggle = (id: PanelId) =>
    setFolded((f) => {
      const next = new Set(f);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  // The lesson folds to a bar; in the small embed frame and on a phone an open lesson folds the editor
  // (and the other way round), so the one in use gets the column — on a phone, where the panels stack,
  // that puts the cluster right under the lesson, so what a step's Run did is a short scroll away, not
  // below the whole manifest.
  const [lessonFolded, setLessonFolded] = useState(false);
  const fold = useMemo(() => ({ folded: lessonFolded, setFolded: setLessonFolded }), [lessonFolded]);
  // A lesson opens unfolded.
  const lessonOpen = !!lesson;
  useEffect(() => {
    if (lessonOpen) setLessonFolded(false);
  }, [lessonOpen]);
  // In the small embed the graph's own controls (Add node, Fit view, Legend) sit in its title row, so
  // the cards get the band they took at the top of the pane (issues 19 and 22).
  const [slotOf] = useState(panelToolsSlots);
  const toolsOf = useCallback(
    (id: PanelId) => (id === 'console' || (embed && id === 'graph') ? slotOf(id) : null),
    [slotOf, embed],
  );
  const shareSide = (embed || narrow) && !!lesson && view === 'split';
  const visible = new Set(VISIBLE[view]);
  // In a small embedded split view the event log gives its room to the console.
  if (embed && view === 'split') visible.delete('events');
  const content: Record<PanelId, ReactNode> = { editor, graph, console, events };
  const panel = (id: PanelId) => {
    if (!visible.has(id)) return null;
    if (id === 'editor')
      return (
        <Panel
          key={id}
          id={id}
          label={labels[id]}
          collapsed={shareSide && !lessonFolded}
          onToggle={shareSide ? () => setLessonFolded(!lessonFolded) : undefined}
        >
          {content[id]}
        </Panel>
      );
    return (
      <Panel
        key={id}
        id={id}
        label={labels[id]}
        collapsed={folded.has(id)}
        onToggle={FOLDABLE.includes(id) ? () => toggle(id) : undefined}
        tools={toolsOf(id)}
      >
        {content[id]}
      </Panel>
    );
  };
  const hasSide = !!lesson || visible.has('editor');
  const bottomFolded = FOLDABLE.filter((id) => visible.has(id)).every((id) => folded.has(id));
  // The graph and the open console share the frame's height: a separator between them, and the size
  // the user chose (src/state/split.ts), never more than leaves the graph its share of a smaller frame.
  const splitLayout =
    view === 'split' && visible.has('console') && !folded.has('console')
      ? splitLayoutOf({ embed, present, narrow })
      : null;
  const chosen = useStore((s) => (splitLayout ? s.consoleSizes[splitLayout] : undefined));
  const graphMin = useStore((s) => s.graphLegibleHeight);
  const cap = `${Math.round((1 - MIN_GRAPH_SHARE) * 100)}%${graphMin ? `, calc(100% - var(--main-gap) - ${graphMin}px)` : ''}`;
  // On a narrow page (a phone: the panels stack and the page scrolls) the graph's row grows to that
  // height when its cards need more than the row's 440 px for their words to stay ≥ 10 px (app.css).
  const mainStyle = {
    ...(splitLayout && chosen ? { gridTemplateRows: `minmax(0, 1fr) min(${chosen}px, ${cap})` } : {}),
    ...(graphMin ? { '--graph-min': `${Math.min(graphMin, 900)}px` } : {}),
  } as CSSProperties;
  const classes = [
    'app-shell',
    `view-${view}`,
    embed ? 'embed' : '',
    lesson ? 'has-lesson' : '',
    visible.has('editor') ? 'has-editor' : '',
    bottomFolded ? 'bottom-folded' : '',
    visible.has('console') && folded.has('console') ? 'console-folded' : '',
    // the console open beside folded events: the events keep only their title's width
    visible.has('console') && visible.has('events') && !folded.has('console') && folded.has('events')
      ? 'events-folded'
      : '',
    splitLayout && chosen ? 'split-sized' : '',
  ];
  return (
    <PanelToolsContext.Provider value={toolsOf}>
      <div className={classes.filter(Boolean).join(' ')} data-testid="app-shell" data-view={view}>
        {header}
        {notice}
        {timeline}
        <main className="app-main" style={mainStyle}>
          {hasSide ? (
            <div className="side-col" style={{ gridArea: 'side' }} data-testid="side-column">
              <LessonFoldContext.Provider value={fold}>{lesson}</LessonFoldContext.Provider>
              {panel('editor')}
            </div>
          ) : null}
          {PANELS.filter((p) => p.id !== 'editor').map((p) => panel(p.id))}
          {splitLayout ? <SplitHandle key={splitLayout} layout={splitLayout} /> : null}
        </main>
      </div>
    </PanelToolsContext.Provider>
  );
}
