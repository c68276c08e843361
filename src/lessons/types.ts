// Lessons are data: text in each language, and steps whose commands are scenario-script lines
// (kubectl / sim, heredocs allowed), so the CLI can replay a lesson in tests exactly as the page runs it.

export type Localized = { en: string; 'zh-CN': string }

export interface Question {
  prompt: Localized
  choices: Localized[]
  /** index into choices */
  answer: number
  explanation: Localized
}

export interface LessonStep {
  title: Localized
  text: Localized
  /** scenario-script text: one command per line, heredocs allowed */
  script: string
  /** an optional "predict first" question, asked before the commands run */
  question?: Question
}

export interface Lesson {
  id: string
  title: Localized
  /** cluster preset the lesson starts from */
  preset: 'article' | 'kubeadm' | 'empty'
  steps: LessonStep[]
}
