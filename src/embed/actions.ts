// What a parent page can ask for: load a scenario script (DESIGN §3 format) into a fresh cluster, or
// reset to a fresh cluster with the default manifest. Requests run one after the other.

import {
  lastHeredocManifest,
  ScriptParseError,
  type ScriptCommand,
  parseScriptInBudget,
  ARTICLE_MANIFEST,
} from '../engine/scripts';
import { rolloutWatchTarget } from '../worker/rolloutWatchTarget';
import { useStore } from '../state/store';
import { resetEngine } from '../state/engine';
import { play, runCommand } from '../state/actions';
import { useTimeline } from '../state/timelineStore';
import { i18n } from '../i18n';
import { LatestWins, SUPERSEDED } from './latest';

export type LoadResult =
  | { ok: true; commands: number }
  | { ok: false; message: string; line?: number }
  | { ok: false; superseded: true };

/**
 * A script line as the page runs it. `kubectl rollout status` of a script waits for the rollout the way
 * the CLI does (running the simulation inside the command), instead of the console's live watch that
 * follows the wall clock: so a loaded scenario ends in the same state as `npm run sim` prints.
 */
export function pageLine(c: Pick<ScriptCommand, 'command'>): string {
  if (rolloutWatchTarget(c.command)) return `${c.command} --timeout=0s`;
  // a watching `kubectl get` runs until the cluster is quiet, as in the CLI (no live watch)
  if (
    /^kubectl\s+get\s.*(\s-w\b|\s--watch\b|\s--watch-only\b)/.test(`${c.command} `) &&
    !/--request-timeout/.test(c.command)
  )
    return `${c.command} --request-timeout=0`;
  return c.command;
}

/** load and reset requests: one at a time, the latest wins (a flood restarts the engine at most twice) */
const requests = new LatestWins();
/** Whether the clock ran before the first of a run of requests (an overtaken one must not lose it). */
let playingBefore: boolean | null = null;

async function fresh(): Promise<boolean> {
  const wasPlaying = playingBefore ?? useStore.getState().playing;
  playingBefore = wasPlaying;
  await resetEngine();
  useTimeline.setState({ branch: null, fork: null, error: null });
  return wasPlaying;
}

/** Replaces the cluster with a fresh one and runs the script's commands in order, echoed in the console. */
export async function loadScenario(script: string): Promise<LoadResult> {
  const r = await requests.run(async (stale): Promise<LoadResult> => {
    let commands: ScriptCommand[];
    try {
      commands = parseScriptInBudget(script); // parse errors and lines over the page's budget, with their line
    } catch (e) {
      const line = e instanceof ScriptParseError ? e.line : undefined;
      const message = (e as Error).message;
      useStore
        .getState()
        .appendLine('stderr', `# ${i18n.t('share:embed.loadFailed', { line: line ?? '?', message })}\n`);
      return { ok: false, message, line };
    }
    const wasPlaying = await fresh();
    const st = useStore.getState();
    st.clearConsole();
    st.appendLine('info', `# ${i18n.t('share:embed.loading', { count: commands.length })}\n`);
    for (const c of commands) {
      // A newer load or reset came in: it wins, this one stops here.
      if (stale()) return { ok: false, superseded: true };
      await runCommand(pageLine(c), { stdin: c.stdin, echo: c.text, remember: false });
    }
    const manifest = lastHeredocManifest(commands);
    if (manifest !== null)
      useStore.setState({ editorText: manifest, appliedText: manifest, markers: [], applyError: null });
    playingBefore = null;
    if (wasPlaying) await play();
    return { ok: true, commands: commands.length };
  });
  return r === SUPERSEDED ? { ok: false, superseded: true } : r;
}

/** A fresh cluster (the page's preset) and the default manifest in the editor. */
export async function resetPlayground(): Promise<boolean> {
  const r = await requests.run(async (stale) => {
    const wasPlaying = await fresh();
    if (stale()) return false;
    useStore.setState({ editorText: ARTICLE_MANIFEST, appliedText: null, markers: [], applyError: null });
    useStore.getState().clearConsole();
    playingBefore = null;
    if (wasPlaying) await play();
    return true;
  });
  return r === true;
}
