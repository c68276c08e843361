import type { ReactNode } from 'react'
import { panelById, type PanelId } from './panels'
import './app.css'

interface PanelProps {
  id: PanelId
  children?: ReactNode
}

function Panel({ id, children }: PanelProps) {
  const panel = panelById(id)
  return (
    <section
      className={`panel panel-${panel.area}`}
      style={{ gridArea: panel.area }}
      data-testid={panel.testId}
      aria-label={panel.label}
    >
      <h2 className="panel-title">{panel.label}</h2>
      <div className="panel-body">{children}</div>
    </section>
  )
}

export interface AppShellProps {
  editor?: ReactNode
  graph?: ReactNode
  console?: ReactNode
}

/** Layout only: header on top, editor left, graph right, console along the bottom. */
export function AppShell({ editor, graph, console }: AppShellProps) {
  return (
    <div className="app-shell" data-testid="app-shell">
      <header className="app-header">
        <h1>DaemonSet Playground</h1>
      </header>
      <main className="app-main">
        <Panel id="editor">{editor}</Panel>
        <Panel id="graph">{graph}</Panel>
        <Panel id="console">{console}</Panel>
      </main>
    </div>
  )
}
