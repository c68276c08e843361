// A lesson: step text, an optional "predict first" question, a button that runs the step's commands
// through the console, and an optional exercise whose goal the engine checks (GoalBox). Progress lives
// in src/state/lessonProgress.ts; the parts are components of their own (QuestionBox, GoalBox, StepDots).

import { useEffect, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { textIn, type Lesson } from '../../lessons/types'
import { runCommand, play, pause } from '../../state/actions'
import { useStore } from '../../state/store'
import { leaveStep, markCaughtUp, markRan, setAutoRunning, setCurrentStep, stepDone, useLessonProgress } from '../../state/lessonProgress'
import { showStepManifest, stepCommands } from './runStep'
import { onStep } from '../../embed/step'
import { LessonText } from './LessonText'
import { QuestionBox } from './QuestionBox'
import { NodeQuestionBox } from './NodeQuestionBox'
import { GoalBox } from './GoalBox'
import { StepDots } from './StepDots'
import { SaveLessonButton } from './SaveLessonButton'
import './lessons.css'

export interface LessonPanelProps {
  lesson: Lesson
  /** 1-based step to open at; earlier steps are run first */
  startStep?: number
  /** false: the cluster already holds the earlier steps (a share link), so they are not run again */
  catchUp?: boolean
  onStepChange?: (step: number) => void
  onClose: () => void
}

export function LessonPanel({ lesson, startStep = 1, catchUp = true, onStepChange, onClose }: LessonPanelProps) {
  const { t, i18n } = useTranslation('common')
  const lang = i18n.language
  const [index, setIndex] = useState(Math.min(Math.max(startStep, 1), lesson.steps.length) - 1)
  const [running, setRunning] = useState(false)
  const caughtUp = useRef(false)
  const engineReady = useStore((s) => s.engineStatus === 'ready')
  const progress = useLessonProgress((s) => s.steps)
  const step = lesson.steps[index]
  const ran = !!progress[index]?.ran

  // Opening at step N: run the earlier steps first (settling instead of watching), paused after.
  useEffect(() => {
    if (!engineReady || caughtUp.current) return
    caughtUp.current = true
    const upTo = index
    if (upTo === 0) return
    if (!catchUp) {
      for (let i = 0; i < upTo; i++) markCaughtUp(i)
      return
    }
    void (async () => {
      setRunning(true)
      setAutoRunning(true)
      for (let i = 0; i < upTo; i++) {
        for (const c of stepCommands(lesson.steps[i], true)) await runCommand(c.line, { stdin: c.stdin, echo: c.echo })
        showStepManifest(lesson.steps[i], true)
        markCaughtUp(i)
      }
      // paused at the step, unless it is an exercise with nothing to run: then the cluster must move
      if (lesson.steps[upTo].script.trim() || !lesson.steps[upTo].goal) await pause()
      else await play()
      setAutoRunning(false)
      setRunning(false)
    })()
  }, [engineReady, index, lesson, catchUp])

  // A parent page may move the lesson ({type: 'step'} message).
  useEffect(
    () =>
      onStep((n, by) => {
        if (by === 'parent') setIndex(Math.min(Math.max(n, 1), lesson.steps.length) - 1)
      }),
    [lesson],
  )

  const shown = useRef<number | null>(null)
  useEffect(() => {
    onStepChange?.(index + 1)
    setCurrentStep(index)
    // leaving an exercise unsolved is reported once (not on a re-render of the same step)
    if (shown.current !== null && shown.current !== index) leaveStep(shown.current)
    shown.current = index
    // a step with nothing to run is open at once (its goal too)
    if (!lesson.steps[index].script.trim()) markRan(index)
  }, [index, onStepChange, lesson])

  const runThisStep = async () => {
    setRunning(true)
    setAutoRunning(true)
    try {
      await play()
      for (const c of stepCommands(step)) await runCommand(c.line, { stdin: c.stdin, echo: c.echo })
      showStepManifest(step)
      markRan(index)
    } finally {
      setAutoRunning(false)
      setRunning(false)
    }
  }

  const q = step.question
  const mustPredict = !!q && !progress[index]?.revealed && !ran
  const hasScript = step.script.trim() !== ''
  const last = index === lesson.steps.length - 1
  return (
    <section className="lesson-panel" aria-label={t('lesson.label')} data-testid="lesson-panel" data-lesson={lesson.id}>
      <header className="lesson-head">
        <strong data-testid="lesson-name">{textIn(lesson.title, lang)}</strong>
        <span className="lesson-progress" data-testid="lesson-progress">
          {t('lesson.progress', { step: index + 1, total: lesson.steps.length })}
        </span>
        <StepDots lesson={lesson} index={index} onGo={setIndex} disabled={running} />
        <SaveLessonButton />
        <button type="button" className="linkish" onClick={onClose}>
          {t('lesson.close')}
        </button>
      </header>
      <h3 className="lesson-title" data-testid="lesson-title">
        {textIn(step.title, lang)}
      </h3>
      <LessonText text={textIn(step.text, lang)} />
      {q?.nodes ? (
        <NodeQuestionBox key={`${lesson.id}:${index}`} question={q} index={index} lang={lang} />
      ) : q ? (
        <QuestionBox key={`${lesson.id}:${index}`} question={q} index={index} lang={lang} />
      ) : null}
      <div className="lesson-actions">
        <button type="button" onClick={() => setIndex((i) => i - 1)} disabled={index === 0 || running}>
          {t('lesson.previous')}
        </button>
        {hasScript ? (
          <button type="button" className="primary" onClick={() => void runThisStep()} disabled={running} title={mustPredict ? t('lesson.predictFirst') : undefined} data-testid="lesson-run">
            {ran ? t('lesson.runAgain') : t('lesson.run')}
          </button>
        ) : null}
        <button type="button" onClick={() => setIndex((i) => i + 1)} disabled={last || running} data-testid="lesson-next">
          {t('lesson.next')}
        </button>
        {running ? <span className="lesson-running">{t('lesson.running')}</span> : null}
        {last && stepDone(lesson, index, progress[index]) ? (
          <span className="lesson-done" data-testid="lesson-done">
            {t('lesson.done')}
          </span>
        ) : null}
      </div>
      {step.goal ? <GoalBox key={`${lesson.id}:${index}`} goal={step.goal} index={index} lang={lang} busy={running} /> : null}
    </section>
  )
}
