// An exercise: the goal, which expectations hold (checked live by the engine), a hint on request and
// "Show me", which runs the solution's commands in the console.

import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { textIn, type Expectation, type Goal } from '../../lessons/types';
import { patternSample } from '../../lessons/expectWords';
import { markSolutionShown, setAutoRunning, takeHint, useLessonProgress } from '../../state/lessonProgress';
import { play, runCommand } from '../../state/actions';
import { useStore } from '../../state/store';
import { checkGoalNow } from '../../state/lessonGoals';
import { scriptCommands } from './runStep';
import { LessonInline, LessonText } from './LessonText';

/** What a check looks for, in words: the lesson's description, else the text a simple pattern wants. */
function ExpectWords({ e, lang }: { e: Expectation; lang: string }) {
  const { t } = useTranslation('lessons');
  if (e.description !== undefined) {
    return (
      <span className="lesson-expect-words">
        — <LessonInline text={textIn(e.description, lang)} />
      </span>
    );
  }
  if (e.equals !== undefined) {
    return (
      <span className="lesson-expect-words">
        {t('expectPrints')} <code>{e.equals}</code>
      </span>
    );
  }
  const sample = patternSample(e.matches ?? '');
  return sample !== null ? (
    <span className="lesson-expect-words">
      {t('expectShows')} <code>{sample}</code>
    </span>
  ) : (
    <span className="lesson-expect-words">
      {t('expectPattern')} <code>/{e.matches}/</code>
    </span>
  );
}

export function GoalBox({
  goal,
  index,
  lang,
  busy,
}: {
  goal: Goal;
  index: number;
  lang: string;
  busy: boolean;
}) {
  const { t } = useTranslation('lessons');
  const p = useLessonProgress((s) => s.steps[index]);
  const [showHint, setShowHint] = useState(false);
  const [running, setRunning] = useState(false);
  const ran = !!p?.ran;
  const met = !!p?.goalMet;
  const playing = useStore((s) => s.playing);
  const showMe = async () => {
    markSolutionShown(index);
    setRunning(true);
    setAutoRunning(true);
    try {
      for (const c of scriptCommands(goal.solution))
        await runCommand(c.line, { stdin: c.stdin, echo: c.echo });
    } finally {
      setAutoRunning(false);
      setRunning(false);
    }
    await checkGoalNow(false);
  };
  return (
    <section className={`lesson-goal${met ? ' met' : ''}`} data-testid="lesson-goal" aria-live="polite">
      <div className="lesson-goal-head">
        <strong>{t('goal')}</strong>
        <span className="lesson-goal-state" data-testid="lesson-goal-state" data-met={met ? 'true' : 'false'}>
          {met ? `✓ ${t('goalMet')}` : ran ? t('goalOpen') : t('runFirst')}
        </span>
      </div>
      <LessonText text={textIn(goal.text, lang)} className="lesson-goal-text" />
      {ran ? (
        <ul className="lesson-expect" data-testid="lesson-expect">
          {goal.expect.map((e, i) => (
            <li key={i} className={p?.expectMet[i] ? 'ok' : ''}>
              <code>{e.command}</code> <ExpectWords e={e} lang={lang} />{' '}
              <span className="lesson-muted">{p?.expectMet[i] ? t('expectMet') : t('expectNotMet')}</span>
            </li>
          ))}
        </ul>
      ) : null}
      <div className="lesson-goal-actions">
        {goal.hint ? (
          <button
            type="button"
            data-testid="lesson-hint"
            aria-expanded={showHint}
            onClick={() => {
              if (!showHint) takeHint(index);
              setShowHint((h) => !h);
            }}
          >
            {t('hint')}
          </button>
        ) : null}
        <button
          type="button"
          data-testid="lesson-show-me"
          title={t('showMeTitle')}
          disabled={!ran || busy || running}
          onClick={() => void showMe()}
        >
          {t('showMe')}
        </button>
        {p?.solutionShown ? <span className="lesson-muted">{t('solutionShown')}</span> : null}
        {ran && !met && !playing ? (
          <span className="lesson-muted" data-testid="lesson-paused">
            {t('paused')}{' '}
            <button type="button" className="linkish" onClick={() => void play()}>
              {t('play')}
            </button>
          </span>
        ) : null}
      </div>
      {showHint && goal.hint ? (
        <div className="lesson-hint" data-testid="lesson-hint-text">
          <strong>{t('hintLabel')}</strong>{' '}
          <LessonText text={textIn(goal.hint, lang)} className="lesson-hint-text" />
        </div>
      ) : null}
    </section>
  );
}
