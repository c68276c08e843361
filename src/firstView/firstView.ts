// The page's first view as static HTML, made at build time (issue 24): the shell (header, timeline,
// panels), the article's manifest in the read-only coloured view, and a card for each node of the
// preset cluster, with the app's own class names, so the app's stylesheet lays it out where the app
// will draw. It paints as soon as the HTML and the stylesheet are in, before any script runs; React's
// first commit replaces it (createRoot empties #root). boot.js shows it only for the page it is
// (src/embed/sandbox/boot.js: no parameters but present=1 / lang=en, no share link, no saved session,
// English); otherwise it stays hidden and goes. Inert: nothing in it takes a click or the focus.
// Text only: every string is escaped.

import { tokenizeYaml } from '../ui/editor/yamlTokens';

/** A node of the preset cluster, as its card shows it before anything is applied. */
export interface FirstViewNode {
  name: string;
  /** NoSchedule / PreferNoSchedule / NoExecute taints' effects, in order */
  taintEffects: readonly string[];
}

export interface FirstViewInput {
  /** the English strings, by namespace and dotted key (`common:appTitle`) */
  t: (key: string) => string;
  manifest: string;
  nodes: readonly FirstViewNode[];
  /** presentation mode's first view (`?present=1`): the console and events folded, Present pressed */
  present?: boolean;
  /** a built-in lesson's first view (`?lesson=ID`, lessonView.ts): the shell as it is with a lesson open
   *  (the clock paused, the Lesson button pressed), the lesson panel, the editor and the cards left as
   *  parts (`data-fv-part`) that boot.js fills from the lesson's template */
  lesson?: boolean;
  /** the editor's Presets menu (src/ui/manifest/presets.ts): its options give the menu its width */
  presetIds?: readonly string[];
}

const ESC: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
export const esc = (s: string): string => s.replace(/[&<>"']/g, (c) => ESC[c]);

export function yamlPreview(text: string): string {
  const lines = tokenizeYaml(text);
  const gutter = `${Math.max(String(lines.length).length, 3) + 1}ch`;
  const body = lines
    .map((tokens, i) => {
      const code = tokens
        .map((tk) =>
          tk.kind === 'text' ? esc(tk.text) : `<span class="yt-${tk.kind}">${esc(tk.text)}</span>`,
        )
        .join('');
      return (
        `<span class="yaml-preview-line"><span class="yaml-preview-num" style="width: ${gutter}" aria-hidden="true">${i + 1}</span>` +
        `<span class="yaml-preview-code">${code}\n</span></span>`
      );
    })
    .join('');
  return `<pre class="yaml-preview fv-preview">${body}</pre>`;
}

export function nodeCard(n: FirstViewNode, t: FirstViewInput['t']): string {
  const taints = n.taintEffects
    .map(
      (e) =>
        `<span class="taint-chip effect-${esc(e)} short"><span class="taint-icon" aria-hidden="true">⊘</span><span class="taint-effect">${esc(e)}</span></span>`,
    )
    .join('');
  return (
    `<div class="fv-card"><div class="k8s-node small compact ready-Ready no-daemon-pod">` +
    `<div class="card-head"><span class="node-name">${esc(n.name)}</span><span class="card-menu-btn" aria-hidden="true">⋯</span></div>` +
    `<div class="sc-state"><span class="node-status ready-Ready"><span aria-hidden="true">✓</span> ${esc(t('graph:node.ready'))}</span>${taints}</div>` +
    `<div class="sc-pods"><span class="why-line short"><span aria-hidden="true">∅ </span><span class="w-reason">${esc(t('graph:node.short.noDaemonSets'))}</span></span></div>` +
    `</div></div>`
  );
}

/** A panel as AppShell draws it; `fold`: it has a fold toggle, `folded`: folded to its title bar, or
 * `'narrow'` only where the page is one column (a phone; firstView.css), as AppShell folds the editor
 * under an open lesson there, so the cards do not move up when the app comes. */
export const panel = (
  area: string,
  title: string,
  body: string,
  fold = false,
  folded: boolean | 'narrow' = false,
): string =>
  `<section class="panel panel-${area}${folded === true ? ' collapsed' : folded === 'narrow' ? ' fv-fold-narrow' : ''}" style="grid-area: ${area}"><div class="panel-head"><h2 class="panel-title">` +
  (folded === 'narrow' ? '<span class="fv-narrow-chevron" aria-hidden="true">▸</span>' : '') +
  (fold
    ? `<span class="panel-toggle"><span class="panel-chevron" aria-hidden="true">${folded === true ? '▸' : '▾'}</span>${esc(title)}</span>`
    : esc(title)) +
  `</h2></div><div class="panel-body"${folded === true ? ' hidden' : ''}>${body}</div></section>`;

/** The page's header as Header.tsx draws it (English, light theme; Present pressed when presenting; the
 * Lesson button disabled while a lesson opens). */
export function headerHtml(t: FirstViewInput['t'], present = false, lesson = false): string {
  return (
    `<header class="app-header"><h1>${esc(t('common:appTitle'))}</h1><button type="button"${lesson ? ' disabled' : ''}>${esc(t('common:lesson.start'))}</button>` +
    `<div class="header-spacer"></div><label class="header-field"><span>${esc(t('common:language'))}</span><select><option>English</option></select></label>` +
    `<button type="button"><span aria-hidden="true">☾ </span>${esc(t('common:theme.dark'))}</button>` +
    `<button type="button" class="present-toggle" aria-pressed="${present}"><svg width="16" height="14" viewBox="0 0 16 14" aria-hidden="true"><rect x="1" y="1" width="14" height="9" rx="1" fill="none" stroke="currentColor" stroke-width="1.6"></rect><path d="M8 10v3M5 13h6" stroke="currentColor" stroke-width="1.6"></path></svg><span>${esc(t('common:present.label'))}</span></button>` +
    `<div class="share"><button type="button" class="share-button">${esc(t('share:copyLink'))}</button></div>` +
    `<button type="button" class="help-button">?</button></header>`
  );
}

/** The first view's markup: one element to put inside #root. */
export function firstViewHtml({
  t,
  manifest,
  nodes,
  present = false,
  lesson = false,
  presetIds = [],
}: FirstViewInput): string {
  const header = headerHtml(t, present, lesson);
  const timeline =
    `<div class="timeline-bar"><div class="timeline-row">` +
    // a lesson opens paused (App: no play() when the address names a lesson)
    (lesson
      ? `<button type="button" class="timeline-play"><span aria-hidden="true" class="timeline-icon">▶</span> ${esc(t('timeline:play'))}</button>`
      : `<button type="button" class="timeline-play playing"><span aria-hidden="true" class="timeline-icon">❚❚</span> ${esc(t('timeline:pause'))}</button>`) +
    `<button type="button"><span aria-hidden="true" class="timeline-icon">▶❙</span> ${esc(t('timeline:step'))}</button>` +
    `<label class="timeline-field"><span>${esc(t('timeline:speed'))}</span><select><option>1×</option></select></label>` +
    `<div class="timeline-clock"><span class="timeline-clock-label">${esc(t('timeline:clock'))}</span><span class="timeline-offset">+0s</span><span class="timeline-abs">00:00:00</span></div>` +
    `<label class="timeline-scrub"><span class="timeline-scrub-label">${esc(t('timeline:scrub'))}</span></label>` +
    `<div class="timeline-slider"><div class="timeline-track" aria-hidden="true"></div><input type="range" min="0" max="1000" value="${lesson ? 0 : 1000}"></div>` +
    `<span class="timeline-scrub-value">+0s</span></div></div>`;
  const editor =
    `<div class="manifest-panel"${lesson ? ' data-fv-part="editor"' : ''}><div class="manifest-bar"><div class="manifest-tabs"><button type="button" class="active">${esc(t('common:manifest.editTab'))}</button>` +
    `<button type="button">${esc(t('common:manifest.compareTab'))}</button></div><div class="manifest-toolbar">` +
    `<span class="manifest-state">${esc(t('common:manifest.notApplied'))}</span><select class="manifest-preset"><option>${esc(t('common:manifest.presets'))}</option>` +
    presetIds.map((id) => `<option>${esc(t(`common:manifest.preset.${id}`))}</option>`).join('') +
    `</select>` +
    `<button type="button" class="primary${lesson ? '' : ' beckon'}">${esc(t('common:manifest.apply'))}</button></div></div>` +
    // the first-step hint is not shown beside a lesson (ManifestPanel: the lesson says what to do)
    (lesson
      ? ''
      : `<p class="first-step"><span aria-hidden="true">➜ </span>${esc(t('common:manifest.firstStepLesson'))}</p>`) +
    `<div class="manifest-editor"><div class="fv-preview-box">${yamlPreview(manifest)}</div></div></div>`;
  const graph =
    `<div class="graph-root fv-graph"><div class="fv-tools"><button type="button"><span aria-hidden="true">+ </span>${esc(t('graph:palette.add'))}</button>` +
    `<span class="fv-toolbar"><button type="button">${esc(t('graph:toolbar.fit'))}</button><button type="button">${esc(t('graph:toolbar.more'))}</button></span></div>` +
    `<div class="fv-cards"${lesson ? ' data-fv-part="cards"' : ''}>${nodes.map((n) => nodeCard(n, t)).join('')}</div></div>`;
  const consoleBody = `<div class="console-panel"><div class="console-log wrap"><div class="console-welcome">${esc(t('console:welcome'))}</div></div></div>`;
  const eventsBody = `<div class="event-log"><p class="event-empty">${esc(t('timeline:log.noEvents'))}</p></div>`;
  return (
    `<div class="first-view ${lesson ? 'fv-lesson' : present ? 'fv-present' : 'fv-plain'}" data-testid="first-view" inert hidden>` +
    // presentation mode folds the console and the events (AppShell)
    `<div class="app-shell view-split${lesson ? ' has-lesson' : ''} has-editor${present ? ' bottom-folded console-folded' : ''}">${header}${timeline}<main class="app-main">` +
    `<div class="side-col" style="grid-area: side">${lesson ? '<section class="lesson-panel" data-fv-part="panel"></section>' : ''}${panel('editor', t('common:panels.editor'), editor, false, lesson ? 'narrow' : false)}</div>` +
    panel('graph', t('common:panels.graph'), graph) +
    panel('console', t('common:panels.console'), consoleBody, true, present) +
    panel('events', t('common:panels.events'), eventsBody, true, present) +
    `</main></div></div>`
  );
}
