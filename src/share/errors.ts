// Why a shared state could not be read. The code picks the message the user sees (share.json,
// `error.<code>`); the detail is for developers and never contains text taken from the link.

export type ShareErrorCode =
  /** the link or file is larger than any state we write */
  | 'tooLarge'
  /** not a link of ours: bad characters, no version, cut short before the data */
  | 'garbage'
  /** a format version this page does not know (made by a newer page?) */
  | 'version'
  /** the data is damaged: cut short, changed, or not what we compressed */
  | 'damaged'
  /** decompresses to more than we ever write */
  | 'tooLargeInflated'
  /** the content does not have the shape of a shared state */
  | 'shape'
  /** valid, but asks for more simulation than a page can run (huge clusters or durations) */
  | 'budget'
  /** the dropped file is not a scenario file */
  | 'file'
  /** the state was read but replaying it failed */
  | 'replay';

/** For `budget`: which input (1-based) goes over which limit, for the notice. */
export interface BudgetDetail {
  input: number;
  kind: 'nodes' | 'time' | 'steps';
  limit: number;
}

export class ShareError extends Error {
  constructor(
    readonly code: ShareErrorCode,
    readonly detail: string,
    readonly budget?: BudgetDetail,
  ) {
    super(`${code}: ${detail}`);
    this.name = 'ShareError';
  }
}
