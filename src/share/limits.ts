// How big a shared state may be. A link or a file over these is refused with a message, before
// anything is decompressed past the cap or replayed. Nodes, time and steps are the page's budget
// (engine/script/budget.ts), the same one the engine enforces while replaying.

import { PAGE_BUDGET } from '../engine/scripts';

export const LIMITS = {
  /** characters of the `s=` payload in a link */
  maxPayloadChars: 200_000,
  /** bytes of JSON after decompression (decompression-bomb cap) */
  maxInflatedBytes: 2 * 1024 * 1024,
  /** bytes of a dropped scenario file */
  maxFileBytes: 2 * 1024 * 1024,
  maxInputs: 5_000,
  /** characters of one command line */
  maxLineChars: 10_000,
  /** characters of one command's stdin (a manifest) */
  maxStdinChars: 500_000,
  maxEditorChars: 500_000,
  maxLessonChars: 100,
  maxStep: 10_000,
  /** simulated time, ms: 30 days */
  maxSimMs: PAGE_BUDGET.maxSimMs,
  /** `sim cluster large --nodes N` and `?nodes=` */
  maxNodes: PAGE_BUDGET.maxNodes,
  /** `sim step N` */
  maxStepCount: PAGE_BUDGET.maxStepCount,
  maxSeed: 2 ** 31 - 1,
  /** a node card's grid column or row (`placed`) */
  maxGridCell: 100_000,
} as const;

/** Longer links than this are offered as a scenario file instead (browsers, chat tools and mail cut long URLs). */
export const MAX_LINK_CHARS = 8 * 1024;
