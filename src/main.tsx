// first: starts the engine worker before the modules below are evaluated
import './engineFirst';
import { StrictMode, startTransition, useEffect } from 'react';
import { createRoot } from 'react-dom/client';
import './appStyles';
import { initI18n } from './i18n';
import { parseBootParams } from './boot';
import { applyTheme, initialTheme } from './ui/theme';
import { useStore } from './state/store';
import './firstView/firstView.css';
import { keepFirstViewCards } from './firstView/keepCards';
import { keepFirstViewLesson } from './firstView/keepLesson';
import { loadGraphPanel } from './ui/graph/GraphSlot';
import { earlySpec } from './state/earlyStart';
import { batches, earlySnapshot, fetchCommandsAfter, startEngineEarly } from './state/engine';
import { loadLiveDrift } from './state/liveDriftLoad';
import { sharePayload } from './share/payload';
import { warmFonts } from './ui/fontWarmup';

const root = document.getElementById('root');
if (!root) throw new Error('#root element missing from index.html');

// The graph's code is a chunk of its own, drawn after the page's first paint (GraphSlot): fetched now,
// in a task of its own — the import's preload links (one per module of the chunk, and its stylesheet)
// took a fifth of this module's evaluation, the first long task of a phone's load (issue 24).
// (a failure shows where the graph is drawn: the lazy component throws it)
// The engine worker's second chunk (kubectl) waits until this one is in: the first cards wait for it.
fetchCommandsAfter(new Promise((resolve) => setTimeout(() => resolve(loadGraphPanel()), 0)));
const boot = parseBootParams(location.search);
const theme = initialTheme(boot.theme);
applyTheme(theme, false);
useStore.setState({ theme, present: boot.present });
// Presentation mode is one attribute on <html>, like the theme: CSS anywhere can follow it.
useStore.subscribe((s, prev) => {
  if (s.present !== prev.present) {
    if (s.present) document.documentElement.dataset.present = '';
    else delete document.documentElement.dataset.present;
  }
});
if (boot.present) document.documentElement.dataset.present = '';

// The default cluster's engine started now, where nothing in the address or this browser can make it
// another (src/state/earlyStart.ts): its first snapshot comes while the page's own modules load and
// render, instead of being asked for after the first commit (issue 24). App's boot takes it over.
// (Not in the sandboxed frames' classic build, which starts its engine as before.)
if (!import.meta.env.VITE_CLASSIC) {
  const spec = earlySpec(location, (key) => localStorage.getItem(key));
  if (spec) startEngineEarly(spec);
}

/** Resolves at the page's first commit (its effects run: the page is React's from then on). */
let committed: () => void = () => undefined;
const firstCommit = new Promise<void>((resolve) => {
  committed = resolve;
});
function Committed() {
  useEffect(() => committed(), []);
  return null;
}

/** A task boundary: the browser may draw and take input before what follows runs. */
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

// The page's start in tasks of their own (issue 24: on a phone at 4× CPU the entry's evaluation was one
// task of 130–170 ms, the longest of the load, and a long task blocks input and counts as Lighthouse's
// total blocking time): this module with React and the store, then i18next's setup, then the app's
// own modules (App is a chunk of its own, fetched beside this one: boot.js preloads it), then the
// first render. Nothing is drawn by them before the render, so nothing changes on the screen.
void (async () => {
  await nextTask();
  // The language menu's other script laid out now, in tasks of their own while App's chunk comes,
  // instead of in the first full layout after the commit (src/ui/fontWarmup.ts).
  const fontsWarm = warmFonts<HTMLSpanElement>(document, nextTask);
  // English is there at once; another language's strings first (a moment; the page paints in it).
  const i18nReady = initI18n();
  const appModule = import('./App');
  // `?lesson=ID`: the built-in lesson's chunk, which the lesson's cluster (the engine's first `init`)
  // waits for — fetched now, with App's modules, instead of after the page's first commit, when App's
  // boot looks for the lesson (issue 24). Only fetched: its validation stays in App's boot, after the
  // first commit, as before.
  if (boot.lesson !== undefined) {
    const id = boot.lesson;
    void import('./lessons/index').then((m) => m.prefetchLesson(id)).catch(() => undefined);
  }
  // A share link in the address restores its editor state in App's first render, which reads the
  // text with liveDrift.ts (the yaml package, not in the first bundle: issue 24): fetched beside App.
  const linkReady = sharePayload(location.hash) !== null ? loadLiveDrift().catch(() => undefined) : undefined;
  await i18nReady;
  const { App } = await appModule;
  await linkReady;
  // The engine's first snapshot when it is being made now (the early start's `init` has gone out): in
  // the first render, instead of after its commit in a second render of the page (issue 24).
  await earlySnapshot();
  await fontsWarm;
  // The static first view's cluster cards (index.html, src/firstView) stay until the graph draws.
  keepFirstViewCards();
  keepFirstViewLesson();
  const reactRoot = createRoot(root);
  // The first render as a transition (issue 24): React renders the page in slices of a few
  // milliseconds and lets the browser run between them, instead of one task of several hundred
  // milliseconds on a phone. It commits once, whole.
  // The engine's batches (the early start's first snapshot) wait while React renders the page: one
  // published meanwhile makes React render the whole page again at once to stay consistent with the
  // store (a task of a second on a phone). One that came before is in this render already.
  batches.hold(firstCommit);
  startTransition(() =>
    reactRoot.render(
      <StrictMode>
        <App />
        <Committed />
      </StrictMode>,
    ),
  );
})();
