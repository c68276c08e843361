// The first view of a share link (`#s=…`), drawn at build time (issue 24): what is the same for every
// link — the header, the line saying the link is being opened (where ShareLayer keeps it), the timeline
// before the engine has answered, and the panels with their titles and the manifest's tabs and toolbar
// — and nothing of a cluster, a manifest or a state: those are the link's, known only once its state is
// decoded and replayed, and the app draws them. Painted before any script runs, like the plain page's
// first view (firstView.ts); boot.js shows it only for a link with nothing else in the address, in
// English; React's first commit replaces it. Inert; text only, every string escaped.

import { esc, headerHtml, panel, type FirstViewInput } from './firstView';

export function shareViewHtml(t: FirstViewInput['t']): string {
  // ShareLayer's status line while the link is replayed; its hidden button keeps the line's height
  const notice =
    `<div class="share-notice info"><span>${esc(t('share:restoringLink'))}</span>` +
    `<button type="button" class="share-notice-spacer" aria-hidden="true">×</button></div>`;
  // TimelineBar before the engine's first answer: its controls disabled, the clock not known yet
  const timeline =
    `<div class="timeline-bar"><div class="timeline-row">` +
    `<button type="button" class="timeline-play" disabled><span aria-hidden="true" class="timeline-icon">▶</span> ${esc(t('timeline:play'))}</button>` +
    `<button type="button" disabled><span aria-hidden="true" class="timeline-icon">▶❙</span> ${esc(t('timeline:step'))}</button>` +
    `<label class="timeline-field"><span>${esc(t('timeline:speed'))}</span><select disabled><option>1×</option></select></label>` +
    `<div class="timeline-clock"><span class="timeline-clock-label">${esc(t('timeline:clock'))}</span><span class="timeline-offset">+0s</span><span class="timeline-abs">--:--:--</span></div>` +
    `<label class="timeline-scrub"><span class="timeline-scrub-label">${esc(t('timeline:scrub'))}</span></label>` +
    `<div class="timeline-slider"><div class="timeline-track" aria-hidden="true"></div><input type="range" min="0" max="1000" value="0" disabled></div>` +
    `<span class="timeline-scrub-value">+0s</span></div></div>`;
  // the editor's tabs and toolbar; whether the link's text is applied is the app's to say: the state's
  // place is kept (most links' word, not shown), so the toolbar wraps where the app's will
  const editor =
    `<div class="manifest-panel"><div class="manifest-bar"><div class="manifest-tabs"><button type="button" class="active">${esc(t('common:manifest.editTab'))}</button>` +
    `<button type="button">${esc(t('common:manifest.compareTab'))}</button></div><div class="manifest-toolbar">` +
    `<span class="manifest-state" style="visibility: hidden">${esc(t('common:manifest.applied'))}</span><select class="manifest-preset"><option>${esc(t('common:manifest.presets'))}</option></select>` +
    `<button type="button" class="primary">${esc(t('common:manifest.apply'))}</button></div></div>` +
    `<div class="manifest-editor"></div></div>`;
  return (
    `<div class="first-view fv-share" data-testid="first-view" inert hidden>` +
    `<div class="app-shell view-split has-editor">${headerHtml(t)}${notice}${timeline}<main class="app-main">` +
    `<div class="side-col" style="grid-area: side">${panel('editor', t('common:panels.editor'), editor)}</div>` +
    panel('graph', t('common:panels.graph'), '') +
    panel('console', t('common:panels.console'), '', true) +
    panel('events', t('common:panels.events'), '', true) +
    `</main></div></div>`
  );
}
