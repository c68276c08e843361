// The built-in lesson: step text, an optional "predict first" question, and a button that runs the
// step's commands through the console.

import { useEffect, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { Lesson } from '../../lessons/types'
import { runCommand, play, pause } from '../../state/actions'
import { useStore } from '../../state/store'
import { inlineCode, stepCommands } from './runStep'
import { onStep } from '../../embed/step'
import { useLessonFold } from '../layout/LayoutContext'
import './lessons.css'

function Text({ text }: { text: string }) {
  return (
    <>
      {inlineCode(text).map((p, i) => (p.code ? <code key={i}>{p.text}</code> : <span key={i}>{p.text}</span>))}
    </>
  )
}

export interface LessonPanelProps {
  lesson: Lesson
  /** 1-based step to open at; earlier steps are run first */
  startStep?: number
  onStepChange?: (step: number) => void
  onClose: () => void
}

export function LessonPanel({ lesson, startStep = 1, onStepChange, onClose }: LessonPanelProps) {
  const { t, i18n } = useTranslation('common')
  const lang = i18n.language === 'zh-CN' ? 'zh-CN' : 'en'
  const [index, setIndex] = useState(Math.min(Math.max(startStep, 1), lesson.steps.length) - 1)
  const [ran, setRan] = useState<Set<number>>(new Set())
  const [choice, setChoice] = useState<number | null>(null)
  const [checked, setChecked] = useState(false)
  const [running, setRunning] = useState(false)
  // Folded: a compact bar (step title, Previous / Run / Next) so the editor below gets the column.
  const [localFolded, setLocalFolded] = useState(false)
  const { folded, setFolded } = useLessonFold({ folded: localFolded, setFolded: setLocalFolded })
  const caughtUp = useRef(false)
  const explanationRef = useRef<HTMLParagraphElement>(null)
  const engineReady = useStore((s) => s.engineStatus === 'ready')
  const step = lesson.steps[index]

  // Opening at step N: run the earlier steps first (settling instead of watching), paused after.
  useEffect(() => {
    if (!engineReady || caughtUp.current) return
    caughtUp.current = true
    const upTo = index
    if (upTo === 0) return
    void (async () => {
      setRunning(true)
      for (let i = 0; i < upTo; i++) for (const c of stepCommands(lesson.steps[i], true)) await runCommand(c.line, { stdin: c.stdin, echo: c.echo })
      setRan(new Set(Array.from({ length: upTo }, (_, i) => i)))
      await pause()
      setRunning(false)
    })()
  }, [engineReady, index, lesson])

  // A parent page may move the lesson ({type: 'step'} message).
  useEffect(
    () =>
      onStep((n, by) => {
        if (by === 'parent') setIndex(Math.min(Math.max(n, 1), lesson.steps.length) - 1)
      }),
    [lesson],
  )

  useEffect(() => {
    onStepChange?.(index + 1)
    setChoice(null)
    setChecked(false)
  }, [index, onStepChange])

  // The answer's explanation comes into view in the (scrolling) lesson text; the buttons stay put.
  useEffect(() => {
    if (checked) explanationRef.current?.scrollIntoView({ block: 'nearest' })
  }, [checked])

  const runThisStep = async () => {
    setRunning(true)
    try {
      await play()
      for (const c of stepCommands(step)) await runCommand(c.line, { stdin: c.stdin, echo: c.echo })
      setRan((r) => new Set(r).add(index))
    } finally {
      setRunning(false)
    }
  }

  const q = step.question
  const mustPredict = !!q && !checked && !ran.has(index)
  return (
    <section className={`lesson-panel${folded ? ' collapsed' : ''}`} aria-label={t('lesson.label')} data-testid="lesson-panel">
      <header className="lesson-head">
        <button type="button" className="lesson-fold" aria-expanded={!folded} aria-controls="lesson-body" onClick={() => setFolded(!folded)} title={folded ? t('lesson.expand') : t('lesson.collapse')} data-testid="lesson-fold">
          <span aria-hidden="true">{folded ? '▸' : '▾'}</span>
          <span className="sr-only">{folded ? t('lesson.expand') : t('lesson.collapse')}</span>
        </button>
        <strong className="lesson-name">{folded ? step.title[lang] : lesson.title[lang]}</strong>
        <span className="lesson-progress" data-testid="lesson-progress">
          {t('lesson.progress', { step: index + 1, total: lesson.steps.length })}
        </span>
        <button type="button" className="lesson-close" onClick={onClose} aria-label={t('lesson.close')} title={t('lesson.close')} data-testid="lesson-close">
          <span aria-hidden="true">×</span>
        </button>
      </header>
      <div className="lesson-body" id="lesson-body" hidden={folded}>
      <h3 className="lesson-title" data-testid="lesson-title">
        {step.title[lang]}
      </h3>
      <p className="lesson-text">
        <Text text={step.text[lang]} />
      </p>
      {q ? (
        <fieldset className="lesson-question" data-testid="lesson-question">
          <legend>
            {t('lesson.predict')} {q.prompt[lang]}
          </legend>
          {q.choices.map((c, i) => (
            <label key={i} className={checked ? (i === q.answer ? 'right' : i === choice ? 'wrong' : '') : ''}>
              <input type="radio" name={`q-${index}`} checked={choice === i} onChange={() => setChoice(i)} disabled={checked} /> {c[lang]}
            </label>
          ))}
          {checked ? (
            <p className="lesson-explanation" role="status" ref={explanationRef}>
              {choice === q.answer ? t('lesson.right') : t('lesson.notQuite')} {q.explanation[lang]}
            </p>
          ) : (
            <button type="button" onClick={() => setChecked(true)} disabled={choice === null} data-testid="lesson-check">
              {t('lesson.check')}
            </button>
          )}
        </fieldset>
      ) : null}
      </div>
      <div className="lesson-actions">
        <button type="button" className="lesson-prev" onClick={() => setIndex((i) => i - 1)} disabled={index === 0 || running} aria-label={t('lesson.previous')} title={t('lesson.previous')} data-testid="lesson-prev">
          <span aria-hidden="true">‹</span> <span className="lesson-label">{t('lesson.previous')}</span>
        </button>
        <button
          type="button"
          className="primary"
          onClick={() => void runThisStep()}
          disabled={running}
          title={mustPredict ? t('lesson.predictFirst') : undefined}
          data-short={ran.has(index) ? t('lesson.runAgainShort') : t('lesson.runShort')}
          data-testid="lesson-run"
        >
          <span className="lesson-label">{ran.has(index) ? t('lesson.runAgain') : t('lesson.run')}</span>
        </button>
        <button type="button" onClick={() => setIndex((i) => i + 1)} disabled={index === lesson.steps.length - 1 || running} data-short={t('lesson.nextShort')} data-testid="lesson-next">
          <span className="lesson-label">{t('lesson.next')}</span> <span aria-hidden="true">›</span>
        </button>
        {running ? <span className="lesson-running">{t('lesson.running')}</span> : null}
        {index === lesson.steps.length - 1 && ran.has(index) ? (
          <span className="lesson-done" data-testid="lesson-done">
            {t('lesson.done')}
          </span>
        ) : null}
      </div>
    </section>
  )
}
