// Progress per step: one mark per step (done, not done, here), each a button that goes there.

import { useTranslation } from 'react-i18next';
import type { Lesson } from '../../lessons/types';
import { stepDone, useLessonProgress } from '../../state/lessonProgress';

export function StepDots({
  lesson,
  index,
  onGo,
  disabled,
}: {
  lesson: Lesson;
  index: number;
  onGo: (i: number) => void;
  disabled: boolean;
}) {
  const { t } = useTranslation('lessons');
  const steps = useLessonProgress((s) => s.steps);
  return (
    <ol className="lesson-dots" aria-label={t('stepsLabel')} data-testid="lesson-dots">
      {lesson.steps.map((_, i) => {
        const done = stepDone(lesson, i, steps[i]);
        const label = t(i === index ? 'stepState.current' : done ? 'stepState.done' : 'stepState.open', {
          n: i + 1,
        });
        return (
          <li key={i}>
            <button
              type="button"
              className={`lesson-dot${done ? ' done' : ''}${i === index ? ' here' : ''}`}
              aria-label={label}
              title={label}
              aria-current={i === index ? 'step' : undefined}
              data-testid={`lesson-dot.${i + 1}`}
              data-done={done ? 'true' : 'false'}
              disabled={disabled}
              onClick={() => onGo(i)}
            />
          </li>
        );
      })}
    </ol>
  );
}
