/** The three regions of the app shell. `area` is the CSS grid-template-area name used in app.css. */
export type PanelId = 'editor' | 'graph' | 'console'

export interface PanelSpec {
  readonly id: PanelId
  readonly label: string
  readonly area: string
  readonly testId: `${PanelId}-panel`
}

export const PANELS: readonly PanelSpec[] = [
  { id: 'editor', label: 'Manifest', area: 'editor', testId: 'editor-panel' },
  { id: 'graph', label: 'Cluster', area: 'graph', testId: 'graph-panel' },
  { id: 'console', label: 'Console', area: 'console', testId: 'console-panel' },
]

export function panelById(id: PanelId): PanelSpec {
  const panel = PANELS.find((p) => p.id === id)
  if (!panel) throw new Error(`unknown panel: ${id}`)
  return panel
}
