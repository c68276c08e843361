import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { PANELS, panelById } from './panels';

describe('app shell panels', () => {
  it('has one editor, graph, console and events panel with distinct test ids', () => {
    expect(PANELS.map((p) => p.testId)).toEqual([
      'editor-panel',
      'graph-panel',
      'console-panel',
      'events-panel',
    ]);
    expect(panelById('graph').area).toBe('graph');
  });

  it('places every panel in a grid area that app.css defines (the editor in the side column)', () => {
    const css = readFileSync(new URL('./app.css', import.meta.url), 'utf8');
    const areas = /grid-template-areas:([^;]+);/.exec(css)?.[1] ?? '';
    for (const panel of PANELS.filter((p) => p.id !== 'editor')) expect(areas).toContain(panel.area);
    expect(areas).toContain('side');
  });

  it('throws on an unknown panel id', () => {
    expect(() => panelById('nope' as never)).toThrow(/unknown panel/);
  });
});
