import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { englishStrings, renderFirstView } from './render';
import { shareViewHtml } from './shareView';

const root = resolve(fileURLToPath(new URL('.', import.meta.url)), '../..');
const t = englishStrings(root);
const text = (html: string) => html.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ');

describe("a share link's first view drawn at build time", () => {
  const html = shareViewHtml(t);

  it('is the shell every link shares: the header, the line saying the link is opened, the panels', () => {
    expect(html).toMatch(/^<div class="first-view fv-share" data-testid="first-view" inert hidden>/);
    const words = text(html);
    for (const s of [
      'DaemonSet Playground',
      t('share:restoringLink'),
      'Manifest',
      'Cluster',
      'Console',
      'Events',
    ])
      expect(words).toContain(s);
    // ShareLayer's line while the link is replayed, with the same classes (the same place and height)
    expect(html).toContain(
      `<div class="share-notice info"><span>${t('share:restoringLink')}</span><button type="button" class="share-notice-spacer"`,
    );
  });

  it("holds nothing of a link's state: no manifest, no node, no clock, no hint, no 'Applied' shown", () => {
    expect(html).not.toContain('yaml-preview');
    expect(html).not.toContain('apiVersion');
    expect(html).not.toMatch(/fv-card|k8s-node|node-name/);
    expect(html).not.toContain('first-step');
    expect(text(html)).not.toContain(t('timeline:pause'));
    expect(html).toContain('--:--:--');
    expect(html).toContain('<span class="manifest-state" style="visibility: hidden">');
    // nothing a test or a script could mistake for the app's own controls
    expect(html).not.toMatch(/data-testid="(?!first-view")/);
    expect(html).not.toMatch(/\sid="/);
  });

  it('is in the HTML beside the plain and presentation views, each once', () => {
    const all = renderFirstView(root);
    for (const v of ['fv-plain', 'fv-present', 'fv-share'])
      expect(all.split(`class="first-view ${v}"`)).toHaveLength(2);
  });
});
