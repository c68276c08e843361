import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { ARTICLE_MANIFEST } from '../engine';
import { esc, firstViewHtml } from './firstView';
import { englishStrings, presetNodes } from './render';
import { withFirstView } from './vitePlugin';

const root = resolve(fileURLToPath(new URL('.', import.meta.url)), '../..');
const t = englishStrings(root);
const text = (html: string) =>
  html
    .replace(/<[^>]+>/g, '')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&');

describe('the first view drawn at build time', () => {
  it('has the preset cluster the engine starts with: master (NoSchedule) and node-1', () => {
    expect(presetNodes()).toEqual([
      { name: 'master', taintEffects: ['NoSchedule'] },
      { name: 'node-1', taintEffects: [] },
    ]);
  });

  it('shows the manifest whole, the English texts, a card per node; hidden and inert until boot.js shows it', () => {
    const html = firstViewHtml({ t, manifest: ARTICLE_MANIFEST, nodes: presetNodes() });
    expect(html).toMatch(/^<div class="first-view fv-plain" data-testid="first-view" inert hidden>/);
    expect(html).not.toContain('collapsed');
    const lines = [...html.matchAll(/<span class="yaml-preview-code">(.*?)\n<\/span><\/span>/gs)].map((m) =>
      text(m[1]),
    );
    expect(lines.join('\n')).toBe(ARTICLE_MANIFEST);
    const words = text(html);
    for (const s of [
      'DaemonSet Playground',
      'Manifest',
      'Cluster',
      'Console',
      'Events',
      'Apply',
      'Pause',
      'Add node',
    ])
      expect(words).toContain(s);
    expect(words).toContain(t('common:manifest.firstStepLesson'));
    expect(html.match(/class="fv-card"/g)).toHaveLength(2);
    expect(words).toContain('master');
    expect(words).toContain('node-1');
    expect(html.match(/taint-effect">NoSchedule/g)).toHaveLength(1);
    // nothing a test or a script could mistake for the app's own controls
    expect(html).not.toMatch(/data-testid="(?!first-view")/);
    expect(html).not.toMatch(/\sid="/);
  });

  it("presentation mode's first view folds the console and the events, as AppShell does", () => {
    const html = firstViewHtml({ t, manifest: ARTICLE_MANIFEST, nodes: presetNodes(), present: true });
    expect(html).toMatch(/^<div class="first-view fv-present"/);
    expect(html).toContain('class="app-shell view-split has-editor bottom-folded console-folded"');
    expect(html.match(/class="panel panel-(console|events) collapsed"/g)).toHaveLength(2);
    expect(html).toContain('aria-pressed="true"');
  });

  it('escapes what it writes', () => {
    expect(esc(`<a href="x">'&'</a>`)).toBe('&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;');
    const html = firstViewHtml({ t, manifest: 'a: "<script>"', nodes: [{ name: '<b>', taintEffects: [] }] });
    expect(html).not.toContain('<script>');
    expect(html).not.toContain('<b>');
  });

  it("goes into index.html's empty #root, and says so when there is none", () => {
    expect(withFirstView('<body><div id="root"></div></body>', '<p>x</p>')).toBe(
      '<body><div id="root"><p>x</p></div></body>',
    );
    expect(() => withFirstView('<body></body>', 'x')).toThrow(/no empty/);
  });

  it('names a missing string', () => {
    expect(() => t('common:no.such.key')).toThrow(/no English string common:no.such.key/);
  });
});
