import type { ReactNode } from 'react'
import { panelById, type PanelId } from './panels'
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
  editor?: ReactNode
  graph?: ReactNode
  console?: ReactNode
  events?: ReactNode
  labels: Record<PanelId, string>
}

/** Layout only: header and timeline on top, editor left, graph right, console and events along the bottom. */
export function AppShell({ header, notice, timeline, editor, graph, console, events, labels }: AppShellProps) {
  return (
    <div className="app-shell" data-testid="app-shell">
      {header}
      {notice}
      {timeline}
      <main className="app-main">
        <Panel id="editor" label={labels.editor}>
          {editor}
        </Panel>
        <Panel id="graph" label={labels.graph}>
          {graph}
        </Panel>
        <Panel id="console" label={labels.console}>
          {console}
        </Panel>
        <Panel id="events" label={labels.events}>
          {events}
        </Panel>
      </main>
    </div>
  )
}
