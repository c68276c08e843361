import type { ReactNode } from 'react'
import { PANELS, panelById, type PanelId } from './panels'
import './app.css'

interface PanelProps {
  id: PanelId
  label: string
  children?: ReactNode
}

function Panel({ id, label, children }: PanelProps) {
  const panel = panelById(id)
  return (
    <section className={`panel panel-${panel.area}`} style={{ gridArea: panel.area }} data-testid={panel.testId} aria-label={label}>
      <h2 className="panel-title">{label}</h2>
      <div className="panel-body">{children}</div>
    </section>
  )
}

export interface AppShellProps {
  header?: ReactNode
  notice?: ReactNode
  timeline?: ReactNode
  lesson?: ReactNode
  editor?: ReactNode
  graph?: ReactNode
  console?: ReactNode
  events?: ReactNode
  labels: Record<PanelId, string>
  /** which panels show: all (split), or one (DESIGN §4 `view=`) */
  view?: 'split' | 'graph' | 'editor' | 'console'
  /** compact layout for a small iframe (`embed=1`) */
  embed?: boolean
}

const VISIBLE: Record<NonNullable<AppShellProps['view']>, PanelId[]> = {
  split: ['editor', 'graph', 'console', 'events'],
  graph: ['graph'],
  editor: ['editor'],
  console: ['console'],
}

/** Layout only: header and timeline on top, editor left, graph right, console and events along the bottom. */
export function AppShell({ header, notice, timeline, lesson, editor, graph, console, events, labels, view = 'split', embed = false }: AppShellProps) {
  const visible = new Set(VISIBLE[view])
  // In a small embedded split view the event log gives its room to the console.
  if (embed && view === 'split') visible.delete('events')
  const content: Record<PanelId, ReactNode> = { editor, graph, console, events }
  return (
    <div className={`app-shell view-${view}${embed ? ' embed' : ''}`} data-testid="app-shell" data-view={view}>
      {header}
      {notice}
      {timeline}
      {lesson}
      <main className="app-main">
        {PANELS.filter((p) => visible.has(p.id)).map((p) => (
          <Panel key={p.id} id={p.id} label={labels[p.id]}>
            {content[p.id]}
          </Panel>
        ))}
      </main>
    </div>
  )
}
