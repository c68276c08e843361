// What the shell and the panels inside it share about the layout: whether the lesson is folded to its
// compact bar. The lesson panel folds itself; the shell gives the editor below it the room.

import { createContext, useContext } from 'react';

export interface LessonFold {
  folded: boolean;
  setFolded: (folded: boolean) => void;
}

export const LessonFoldContext = createContext<LessonFold | null>(null);

/** The lesson's fold state from the shell, or local state when rendered outside one (tests). */
export function useLessonFold(fallback: LessonFold): LessonFold {
  return useContext(LessonFoldContext) ?? fallback;
}
