// A predict-first question: one answer (radio buttons) or "choose all that apply" (check boxes). A wrong
// answer may be tried once more; then the answer and its explanation are shown.

import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { textIn, type Question } from '../../lessons/types';
import { answerQuestion, useLessonProgress } from '../../state/lessonProgress';
import { LessonInline, LessonText } from './LessonText';

export function QuestionBox({
  question: q,
  index,
  lang,
}: {
  question: Question;
  index: number;
  lang: string;
}) {
  const { t } = useTranslation(['common', 'lessons']);
  const p = useLessonProgress((s) => s.steps[index]);
  const [chosen, setChosen] = useState<number[]>([]);
  const revealed = !!p?.revealed;
  const wrongOnce = !!p && p.answerAttempts > 0 && !p.correct && !revealed;
  const toggle = (i: number) =>
    setChosen((c) => (q.multiple ? (c.includes(i) ? c.filter((x) => x !== i) : [...c, i]) : [i]));
  return (
    <fieldset className="lesson-question" data-testid="lesson-question">
      <legend>
        {t('lesson.predict')} <LessonInline text={textIn(q.prompt, lang)} />
        {q.multiple ? <span className="lesson-muted"> {t('lessons:chooseAll')}</span> : null}
      </legend>
      {q.choices.map((c, i) => {
        const mark = revealed ? (q.answer.includes(i) ? 'right' : p?.chosen?.includes(i) ? 'wrong' : '') : '';
        return (
          <label key={i} className={mark}>
            <input
              type={q.multiple ? 'checkbox' : 'radio'}
              name={`q-${index}`}
              checked={chosen.includes(i)}
              onChange={() => toggle(i)}
              disabled={revealed}
            />{' '}
            <LessonInline text={textIn(c, lang)} />
          </label>
        );
      })}
      {revealed ? (
        <div className="lesson-explanation" role="status">
          <strong>
            {p?.correct
              ? t('lesson.right')
              : `${t('lesson.notQuite')} ${t('lessons:revealed')} ${q.answer.map((i) => textIn(q.choices[i], lang)).join('; ')}.`}
          </strong>{' '}
          {q.explanation ? (
            <LessonText text={textIn(q.explanation, lang)} className="lesson-explanation-text" />
          ) : null}
        </div>
      ) : (
        <>
          <button
            type="button"
            onClick={() => answerQuestion(index, chosen)}
            disabled={chosen.length === 0}
            data-testid="lesson-check"
          >
            {t('lesson.check')}
          </button>
          {wrongOnce ? (
            <span className="lesson-wrong" role="status" data-testid="lesson-try-again">
              {t('lessons:tryAgain')}
            </span>
          ) : null}
        </>
      )}
    </fieldset>
  );
}
