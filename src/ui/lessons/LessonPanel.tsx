// A lesson: step text, an optional "predict first" question, a button that runs the step's commands
// through the console, and an optional exercise whose goal the engine checks (GoalBox). Progress lives
// in src/state/lessonProgress.ts; the parts are components of their own (QuestionBox, GoalBox, StepDots).

import { useEffect, useLayoutEffect, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { textIn, type Lesson } from '../../lessons/types';
import { runCommand, play, pause } from '../../state/actions';
import { useStore } from '../../state/store';
import {
  leaveStep,
  markCaughtUp,
  markRan,
  setAutoRunning,
  setCurrentStep,
  stepDone,
  useLessonProgress,
} from '../../state/lessonProgress';
import { showStepManifest, stepCommands } from './runStep';
import { onStep } from '../../state/step';
import { LessonText } from './LessonText';
import { QuestionBox } from './QuestionBox';
import { NodeQuestionBox } from './NodeQuestionBox';
import { GoalBox } from './GoalBox';
import { StepDots } from './StepDots';
import { SaveLessonButton } from './SaveLessonButton';
import { LmsDownload } from './LmsDownload';
import { useLessonFold } from '../layout/LayoutContext';
import './lessons.css';

export interface LessonPanelProps {
  lesson: Lesson;
  /** 1-based step to open at; earlier steps are run first */
  startStep?: number;
  /** false: the cluster already holds the earlier steps (a share link), so they are not run again */
  catchUp?: boolean;
  onStepChange?: (step: number) => void;
  onClose: () => void;
}

export function LessonPanel({
  lesson,
  startStep = 1,
  catchUp = true,
  onStepChange,
  onClose,
}: LessonPanelProps) {
  const { t, i18n } = useTranslation('common');
  const lang = i18n.language;
  const [index, setIndex] = useState(Math.min(Math.max(startStep, 1), lesson.steps.length) - 1);
  const [running, setRunning] = useState(false);
  // Folded: a compact bar (step title, Previous / Run / Next) so the editor below gets the column.
  const [localFolded, setLocalFolded] = useState(false);
  const { folded, setFolded } = useLessonFold({ folded: localFolded, setFolded: setLocalFolded });
  const caughtUp = useRef(false);
  const engineReady = useStore((s) => s.engineStatus === 'ready');
  const progress = useLessonProgress((s) => s.steps);
  const step = lesson.steps[index];
  const ran = !!progress[index]?.ran;

  // Opening at step N: run the earlier steps first (settling instead of watching), paused after.
  useEffect(() => {
    if (!engineReady || caughtUp.current) return;
    caughtUp.current = true;
    const upTo = index;
    if (upTo === 0) return;
    if (!catchUp) {
      for (let i = 0; i < upTo; i++) markCaughtUp(i);
      return;
    }
    void (async () => {
      setRunning(true);
      setAutoRunning(true);
      for (let i = 0; i < upTo; i++) {
        for (const c of stepCommands(lesson.steps[i], true))
          await runCommand(c.line, { stdin: c.stdin, echo: c.echo });
        showStepManifest(lesson.steps[i], true);
        markCaughtUp(i);
      }
      // paused at the step, unless it is an exercise with nothing to run: then the cluster must move
      if (lesson.steps[upTo].script.trim() || !lesson.steps[upTo].goal) await pause();
      else await play();
      setAutoRunning(false);
      setRunning(false);
    })();
  }, [engineReady, index, lesson, catchUp]);

  // A parent page may move the lesson ({type: 'step'} message).
  useEffect(
    () =>
      onStep((n, by) => {
        if (by === 'parent') setIndex(Math.min(Math.max(n, 1), lesson.steps.length) - 1);
      }),
    [lesson],
  );

  const shown = useRef<number | null>(null);
  useEffect(() => {
    onStepChange?.(index + 1);
    setCurrentStep(index);
    // leaving an exercise unsolved is reported once (not on a re-render of the same step)
    if (shown.current !== null && shown.current !== index) leaveStep(shown.current);
    shown.current = index;
    // a step with nothing to run is open at once (its goal too)
    if (!lesson.steps[index].script.trim()) markRan(index);
  }, [index, onStepChange, lesson]);

  const runThisStep = async () => {
    setRunning(true);
    setAutoRunning(true);
    try {
      await play();
      for (const c of stepCommands(step)) await runCommand(c.line, { stdin: c.stdin, echo: c.echo });
      showStepManifest(step);
      markRan(index);
    } finally {
      setAutoRunning(false);
      setRunning(false);
    }
  };

  // The name on one line in a narrow column (lessons.css), so the step's text keeps the room; when it is
  // cut short, a click, a tap or Enter on it shows it whole (the title attribute says it on hover).
  const name = textIn(folded ? step.title : lesson.title, lang);
  const nameRef = useRef<HTMLElement>(null);
  const [nameCut, setNameCut] = useState(false);
  const [nameWhole, setNameWhole] = useState(false);
  useLayoutEffect(() => {
    const el = nameRef.current;
    if (!el || nameWhole) return;
    const measure = () => setNameCut(el.scrollWidth > el.clientWidth + 1);
    measure();
    const ro = new ResizeObserver(measure);
    ro.observe(el);
    return () => ro.disconnect();
  }, [name, nameWhole]);
  const toggleName = nameCut || nameWhole ? () => setNameWhole((w) => !w) : undefined;

  const q = step.question;
  const mustPredict = !!q && !progress[index]?.revealed && !ran;
  const hasScript = step.script.trim() !== '';
  const last = index === lesson.steps.length - 1;
  return (
    <section
      className={`lesson-panel${folded ? ' collapsed' : ''}`}
      aria-label={t('lesson.label')}
      data-testid="lesson-panel"
      data-lesson={lesson.id}
    >
      <header className="lesson-head">
        <button
          type="button"
          className="lesson-fold"
          aria-expanded={!folded}
          aria-controls="lesson-body"
          onClick={() => setFolded(!folded)}
          title={folded ? t('lesson.expand') : t('lesson.collapse')}
          data-testid="lesson-fold"
        >
          <span aria-hidden="true">{folded ? '▸' : '▾'}</span>
          <span className="sr-only">{folded ? t('lesson.expand') : t('lesson.collapse')}</span>
        </button>
        <strong
          ref={nameRef}
          className="lesson-name"
          title={name}
          data-testid="lesson-name"
          {...(toggleName
            ? {
                role: 'button',
                tabIndex: 0,
                'aria-expanded': nameWhole,
                onClick: toggleName,
                onKeyDown: (e: KeyboardEvent) => {
                  if (e.key !== 'Enter' && e.key !== ' ') return;
                  e.preventDefault();
                  toggleName();
                },
              }
            : {})}
        >
          {name}
        </strong>
        <span
          className="lesson-progress"
          data-testid="lesson-progress"
          data-short={t('lesson.progressShort', { step: index + 1, total: lesson.steps.length })}
        >
          <span className="lesson-progress-long">
            {t('lesson.progress', { step: index + 1, total: lesson.steps.length })}
          </span>
        </span>
        <StepDots lesson={lesson} index={index} onGo={setIndex} disabled={running} />
        <SaveLessonButton />
        <LmsDownload lesson={lesson} />
        <button
          type="button"
          className="lesson-close"
          onClick={onClose}
          aria-label={t('lesson.close')}
          title={t('lesson.close')}
          data-testid="lesson-close"
        >
          <span aria-hidden="true">×</span>
        </button>
      </header>
      <div className="lesson-body" id="lesson-body" hidden={folded}>
        <h3 className="lesson-title" data-testid="lesson-title">
          {textIn(step.title, lang)}
        </h3>
        <LessonText text={textIn(step.text, lang)} />
        {/* Keys differ between the question and the goal: siblings with one key are one child to React,
            which then left the previous step's question on screen when the next step had none. */}
        {q?.nodes ? (
          <NodeQuestionBox key={`question:${lesson.id}:${index}`} question={q} index={index} lang={lang} />
        ) : q ? (
          <QuestionBox key={`question:${lesson.id}:${index}`} question={q} index={index} lang={lang} />
        ) : null}
        {step.goal ? (
          <GoalBox
            key={`goal:${lesson.id}:${index}`}
            goal={step.goal}
            index={index}
            lang={lang}
            busy={running}
          />
        ) : null}
      </div>
      <div className="lesson-actions">
        <button
          type="button"
          className="lesson-prev"
          onClick={() => setIndex((i) => i - 1)}
          disabled={index === 0 || running}
          aria-label={t('lesson.previous')}
          title={t('lesson.previous')}
          data-testid="lesson-prev"
        >
          <span aria-hidden="true">‹</span> <span className="lesson-label">{t('lesson.previous')}</span>
        </button>
        {hasScript ? (
          <button
            type="button"
            className="primary"
            onClick={() => void runThisStep()}
            disabled={running}
            title={mustPredict ? t('lesson.predictFirst') : undefined}
            aria-label={ran ? t('lesson.runAgain') : t('lesson.run')}
            data-short={ran ? t('lesson.runAgainShort') : t('lesson.runShort')}
            data-testid="lesson-run"
          >
            <span className="lesson-label">{ran ? t('lesson.runAgain') : t('lesson.run')}</span>
          </button>
        ) : null}
        <button
          type="button"
          onClick={() => setIndex((i) => i + 1)}
          disabled={last || running}
          aria-label={t('lesson.next')}
          data-short={t('lesson.nextShort')}
          data-testid="lesson-next"
        >
          <span className="lesson-label">{t('lesson.next')}</span> <span aria-hidden="true">›</span>
        </button>
        {running ? <span className="lesson-running">{t('lesson.running')}</span> : null}
        {last && stepDone(lesson, index, progress[index]) ? (
          <span className="lesson-done" data-testid="lesson-done">
            {t('lesson.done')}
          </span>
        ) : null}
      </div>
    </section>
  );
}
