import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { BUILTIN_LESSONS, builtinLessons, lessonById } from '../lessons/index';
import { parseLessonText } from '../lessons/load';
import { textIn, type Lesson } from '../lessons/types';
import {
  builtinLessonFiles,
  englishStrings,
  lessonFirstViewSkipped,
  lessonStartCluster,
  renderLessonFirstViews,
} from './render';
import { lessonPanelHtml, lessonTextHtml } from './lessonView';

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
const article = async () => (await lessonById('article'))!;

describe("a built-in lesson's first view drawn at build time", () => {
  it("draws the article's first step from its file: name, progress, dots, title, text, question, actions", async () => {
    const l = await article();
    const html = lessonPanelHtml(l, t);
    // the same file the page loads (src/lessons/article.yaml), not a copy
    const file = parseLessonText(readFileSync(resolve(root, 'src/lessons/article.yaml'), 'utf8'), {
      dryRun: false,
    }).lesson!;
    expect(html).toContain(
      `<strong class="lesson-name" title="DaemonSet, step by step (the article)">DaemonSet, step by step (the article)</strong>`,
    );
    expect(html).toContain(
      `<span class="lesson-progress" data-short="1/${file.steps.length}"><span class="lesson-progress-long">Step 1 of ${file.steps.length}</span></span>`,
    );
    expect(html.match(/class="lesson-dot[ "]/g)).toHaveLength(file.steps.length);
    expect(html.match(/class="lesson-dot here"/g)).toHaveLength(1);
    expect(html).toContain(`<h3 class="lesson-title">${textIn(file.steps[0].title, 'en')}</h3>`);
    // Markdown as LessonText renders it: `code` spans, the text whole
    expect(html).toContain('<code>node-role.kubernetes.io/master:NoSchedule</code>');
    const words = text(html);
    expect(words).toContain(textIn(file.steps[0].text, 'en').replace(/`/g, ''));
    expect(words).toContain('Predict first: How many fluentd-elasticsearch pods will run?');
    for (const c of file.steps[0].question!.choices) expect(words).toContain(textIn(c, 'en'));
    expect(words).toMatch(/Previous\s*Run this step\s*Next step/);
    // no test id of the app's controls: the e2e tests' locators find the app's own only
    expect(html).not.toContain('data-testid');
  });

  it('escapes what the lesson file says: markup in a text is characters, a link only https', () => {
    expect(lessonTextHtml('<script>alert(1)</script> & "q"')).toBe(
      '<div class="lesson-text"><p>&lt;script&gt;alert(1)&lt;/script&gt; &amp; &quot;q&quot;</p></div>',
    );
    expect(lessonTextHtml('[x](javascript:alert(1)) [y](https://k8s.io/a"b)')).not.toMatch(
      /href="javascript|"b"/,
    );
    expect(lessonTextHtml('- one\n- **two**')).toBe(
      '<div class="lesson-text"><ul><li>one</li><li><strong>two</strong></li></ul></div>',
    );
    const evil: Lesson = {
      id: 'x',
      title: { en: '<img src=x onerror=alert(1)>' },
      preset: 'article',
      setup: '',
      steps: [{ title: '<b>', text: 'hi', script: 'kubectl get nodes' }],
    };
    const html = lessonPanelHtml(evil, t);
    expect(html).not.toContain('<img');
    expect(html).not.toContain('<b>');
  });

  it('draws a lesson only as it opens: an exercise or a graph question first is refused with the reason', async () => {
    const l = await article();
    const goal = { ...l, steps: [{ ...l.steps[0], goal: { text: 'x', expect: [], solution: '' } }] };
    expect(() => lessonPanelHtml(goal, t)).toThrow(/first step is an exercise/);
  });

  it('has the cluster each lesson starts on; cards only where they show what the graph will', async () => {
    expect(lessonStartCluster(await article())).toEqual({
      nodes: [
        { name: 'master', taintEffects: ['NoSchedule'] },
        { name: 'node-1', taintEffects: [] },
      ],
      drawable: true,
    });
    // network's nodes start without a network: NotReady (its not-ready taints), not the Ready card
    expect(lessonStartCluster((await lessonById('network'))!).drawable).toBe(false);
    // taints' setup applies a DaemonSet (pods on the cards; its manifest in the editor): no first view
    const taints = (await lessonById('taints'))!;
    expect(lessonStartCluster(taints).drawable).toBe(false);
    expect(lessonFirstViewSkipped(taints)).toMatch(/manifest in the editor/);
  });

  it('puts one lesson shell and a template per drawable built-in lesson into the page', async () => {
    const html = renderLessonFirstViews(root);
    expect(html.match(/class="first-view fv-lesson"/g)).toHaveLength(1);
    expect(html).toMatch(/^<div class="first-view fv-lesson" data-testid="first-view" inert hidden>/);
    const ids = [...html.matchAll(/<template data-fv-lesson="([^"]+)">/g)].map((m) => m[1]);
    // the same lessons, parsed the same, as the page's lazy loader gives
    expect(builtinLessonFiles(root)).toEqual(await builtinLessons());
    const drawn = (await builtinLessons()).filter((l) => lessonFirstViewSkipped(l) === null).map((l) => l.id);
    expect(ids).toEqual(drawn);
    expect(ids).toContain('article');
    expect(ids.length).toBe(BUILTIN_LESSONS.length - 1); // all but taints
    // the shell: the Lesson button pressed, the clock paused, the slots the templates fill
    expect(html).toContain('<div class="app-shell view-split has-lesson has-editor">');
    expect(html).toContain('<section class="lesson-panel" data-fv-part="panel"></section>');
    expect(html).toContain('<div class="fv-cards" data-fv-part="cards"></div>');
    expect(text(html)).toContain('▶ Play');
    expect(html).not.toContain('first-step');
    // the Presets menu with the app's options: as wide as the app's, the editor's toolbar wraps the same
    expect(html).toContain('<option>DaemonSet: the article&#39;s fluentd-elasticsearch</option>');
  });
});
