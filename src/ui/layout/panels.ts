/** The regions of the app shell. `area` is the CSS grid-template-area name used in app.css. */
export type PanelId = 'editor' | 'graph' | 'console' | 'events';

export interface PanelSpec {
  readonly id: PanelId;
  readonly area: string;
  readonly testId: `${PanelId}-panel`;
}

export const PANELS: readonly PanelSpec[] = [
  { id: 'editor', area: 'editor', testId: 'editor-panel' },
  { id: 'graph', area: 'graph', testId: 'graph-panel' },
  { id: 'console', area: 'console', testId: 'console-panel' },
  { id: 'events', area: 'events', testId: 'events-panel' },
];

export function panelById(id: PanelId): PanelSpec {
  const panel = PANELS.find((p) => p.id === id);
  if (!panel) throw new Error(`unknown panel: ${id}`);
  return panel;
}
