// A built-in lesson's first view (issue 24): what the page shows once `?lesson=ID` has opened —
// the lesson panel at its first step (the lesson's name, "Step 1 of N", a dot per step, the step's
// title and text, its predict-first question, Previous / Run / Next) and the cluster the lesson
// starts on — as static HTML made at build time from the lesson file itself (src/lessons/*.yaml,
// parsed and rendered with the page's own Markdown subset), with the app's class names
// (LessonPanel, LessonText, QuestionBox, StepDots), so the app's stylesheet lays it out where the
// app will draw it. Each lesson's parts go into a <template data-fv-lesson="ID">; boot.js puts
// them into the one lesson shell (firstView.ts `lesson: true`) when the address asks for that lesson.
// Text only: every string is escaped; links keep only an https address (isSafeHref), as the page's.

import { parseBlocks, parseInline, isSafeHref, type Inline } from '../lessons/markdown';
import { textIn, type Lesson } from '../lessons/types';
import { esc, nodeCard, type FirstViewInput, type FirstViewNode } from './firstView';

const inline = (nodes: readonly Inline[]): string =>
  nodes
    .map((n) => {
      switch (n.t) {
        case 'text':
          return esc(n.text);
        case 'code':
          return `<code>${esc(n.text)}</code>`;
        case 'em':
          return `<em>${inline(n.children)}</em>`;
        case 'strong':
          return `<strong>${inline(n.children)}</strong>`;
        case 'link':
          // parseInline keeps a link only with a safe address; checked again, it costs nothing
          return isSafeHref(n.href)
            ? `<a href="${esc(n.href)}" target="_blank" rel="noopener noreferrer nofollow">${inline(n.children)}</a>`
            : inline(n.children);
      }
    })
    .join('');

/** LessonText's markup: paragraphs and lists in a div. */
export function lessonTextHtml(text: string, className = 'lesson-text'): string {
  const blocks = parseBlocks(text);
  if (blocks.length === 0) return '';
  const body = blocks
    .map((b) =>
      b.t === 'p'
        ? `<p>${inline(b.children)}</p>`
        : `<${b.t}>${b.items.map((it) => `<li>${inline(it)}</li>`).join('')}</${b.t}>`,
    )
    .join('');
  return `<div class="${className}">${body}</div>`;
}

const inlineHtml = (text: string): string => inline(parseInline(text));

/** Why a lesson has no first view (null: it has one). The first view draws the first step as it opens. */
export function lessonViewUnsupported(lesson: Lesson): string | null {
  const step = lesson.steps[0];
  if (!step) return 'it has no steps';
  if (step.goal) return 'its first step is an exercise (GoalBox is not drawn at build time)';
  if (step.question?.nodes) return "its first step's question is asked on the graph";
  return null;
}

/** The lesson panel as LessonPanel renders it at step 1, nothing run or answered yet. */
export function lessonPanelHtml(lesson: Lesson, t: FirstViewInput['t']): string {
  const why = lessonViewUnsupported(lesson);
  if (why) throw new Error(`first view: lesson ${lesson.id} cannot be drawn: ${why}`);
  const en = (x: Parameters<typeof textIn>[0]) => textIn(x, 'en');
  const step = lesson.steps[0];
  const total = lesson.steps.length;
  const fill = (s: string) => s.replace('{{step}}', '1').replace('{{total}}', String(total));
  const dots = lesson.steps
    .map((_, i) => `<li><button type="button" class="lesson-dot${i === 0 ? ' here' : ''}"></button></li>`)
    .join('');
  const head =
    `<header class="lesson-head">` +
    `<button type="button" class="lesson-fold" aria-expanded="true"><span aria-hidden="true">▾</span><span class="sr-only">${esc(t('common:lesson.collapse'))}</span></button>` +
    `<strong class="lesson-name" title="${esc(en(lesson.title))}">${esc(en(lesson.title))}</strong>` +
    `<span class="lesson-progress" data-short="${esc(fill(t('common:lesson.progressShort')))}"><span class="lesson-progress-long">${esc(fill(t('common:lesson.progress')))}</span></span>` +
    `<ol class="lesson-dots">${dots}</ol>` +
    `<span class="lesson-save"><button type="button" class="linkish">${esc(t('lessons:save'))}</button></span>` +
    `<details class="lesson-lms"><summary class="linkish">${esc(t('lms:download.button'))}</summary></details>` +
    `<button type="button" class="lesson-close"><span aria-hidden="true">×</span></button>` +
    `</header>`;
  const q = step.question;
  const question = q
    ? `<fieldset class="lesson-question"><legend>${esc(t('common:lesson.predict'))} ${inlineHtml(en(q.prompt))}` +
      (q.multiple ? `<span class="lesson-muted"> ${esc(t('lessons:chooseAll'))}</span>` : '') +
      `</legend>` +
      q.choices
        .map(
          (c) =>
            `<label><input type="${q.multiple ? 'checkbox' : 'radio'}" name="fv-q"> ${inlineHtml(en(c))}</label>`,
        )
        .join('') +
      `<button type="button" disabled>${esc(t('common:lesson.check'))}</button></fieldset>`
    : '';
  const body =
    `<div class="lesson-body"><h3 class="lesson-title">${esc(en(step.title))}</h3>` +
    lessonTextHtml(en(step.text)) +
    question +
    `</div>`;
  const last = total === 1;
  const actions =
    `<div class="lesson-actions">` +
    `<button type="button" class="lesson-prev" disabled><span aria-hidden="true">‹</span> <span class="lesson-label">${esc(t('common:lesson.previous'))}</span></button>` +
    (step.script.trim()
      ? `<button type="button" class="primary" data-short="${esc(t('common:lesson.runShort'))}"><span class="lesson-label">${esc(t('common:lesson.run'))}</span></button>`
      : '') +
    `<button type="button"${last ? ' disabled' : ''} data-short="${esc(t('common:lesson.nextShort'))}"><span class="lesson-label">${esc(t('common:lesson.next'))}</span> <span aria-hidden="true">›</span></button>` +
    `</div>`;
  return `<section class="lesson-panel" data-fv-part="panel">${head}${body}${actions}</section>`;
}

/**
 * One lesson's parts for boot.js: its panel, and its cluster's cards where a card drawn at build time
 * says what the graph will (every node Ready, no pod yet); otherwise no cards (an empty graph until
 * the engine's first snapshot is better than a wrong one).
 */
export function lessonTemplateHtml(
  lesson: Lesson,
  t: FirstViewInput['t'],
  cluster: { nodes: readonly FirstViewNode[]; drawable: boolean },
): string {
  const cards = cluster.drawable ? cluster.nodes.map((n) => nodeCard(n, t)).join('') : '';
  return (
    `<template data-fv-lesson="${esc(lesson.id)}">` +
    lessonPanelHtml(lesson, t) +
    `<div class="fv-cards" data-fv-part="cards">${cards}</div>` +
    `</template>`
  );
}
