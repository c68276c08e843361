// What the page was asked for in its URL (DESIGN §4: lang, theme, embed, view, readonly, lesson, step,
// preset) and the defaults that follow.

import { isPreset, type PresetName } from './engine/scripts';

export type View = 'graph' | 'editor' | 'split' | 'console';

export interface BootParams {
  theme?: 'light' | 'dark';
  embed: boolean;
  /** `present=1`: presentation mode from the start */
  present: boolean;
  view: View;
  readonly: boolean;
  lesson?: string;
  step?: number;
  preset: PresetName;
  nodes?: number;
  seed: number;
}

export function parseBootParams(search: string): BootParams {
  const p = new URLSearchParams(search);
  const theme = p.get('theme');
  const view = p.get('view');
  const preset = p.get('preset') ?? 'article';
  const step = p.get('step');
  const nodes = p.get('nodes');
  const seed = p.get('seed');
  return {
    theme: theme === 'light' || theme === 'dark' ? theme : undefined,
    embed: p.get('embed') === '1',
    present: p.get('present') === '1',
    view: view === 'graph' || view === 'editor' || view === 'console' || view === 'split' ? view : 'split',
    readonly: p.get('readonly') === '1',
    lesson: p.get('lesson') ?? undefined,
    step: step !== null && /^\d+$/.test(step) ? Number(step) : undefined,
    preset: isPreset(preset) ? preset : 'article',
    nodes: nodes !== null && /^\d+$/.test(nodes) ? Math.min(Number(nodes), 5000) : undefined,
    seed: seed !== null && /^\d+$/.test(seed) ? Number(seed) : 1,
  };
}
