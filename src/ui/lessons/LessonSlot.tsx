// What the lesson area of the page shows: the open lesson, the list of built-in lessons, a lesson that
// failed to load (and why), or nothing. Starts the live goal checker while a lesson is open.

import { useDeferredValue, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { builtinLessons } from '../../lessons/index';
import type { Lesson } from '../../lessons/types';
import { textIn } from '../../lessons/types';
import {
  closeLesson,
  dismissLessonError,
  openLesson,
  openLessonFile,
  setPicking,
  useLessonHost,
} from '../../state/lessonHost';
import { startGoalWatcher } from '../../state/lessonGoals';
import { LessonPanel } from './LessonPanel';
import { SaveLessonButton } from './SaveLessonButton';
import './lessons.css';

function LoadError() {
  const { t } = useTranslation('lessons');
  const error = useLessonHost((s) => s.error);
  if (!error) return null;
  return (
    <div className="lesson-error" role="alert" data-testid="lesson-error">
      <p>{t('loadFailed', { message: error.message })}</p>
      {error.problems.length ? (
        <>
          <p>{t('problems')}</p>
          <ul data-testid="lesson-error-problems">
            {error.problems.slice(0, 30).map((p, i) => (
              <li key={i}>
                <code>{p}</code>
              </li>
            ))}
          </ul>
        </>
      ) : null}
      <button type="button" className="linkish" onClick={dismissLessonError}>
        {t('dismiss')}
      </button>
    </div>
  );
}

function Picker() {
  const { t, i18n } = useTranslation('lessons');
  const file = useRef<HTMLInputElement>(null);
  // the built-in lessons load when the list first opens (their files are not in the first bundle)
  const [lessons, setLessons] = useState<Lesson[] | null>(null);
  useEffect(() => {
    let live = true;
    void builtinLessons().then((ls) => {
      if (live) setLessons(ls);
    });
    return () => {
      live = false;
    };
  }, []);
  return (
    <section className="lesson-panel lesson-picker" data-testid="lesson-picker" aria-label={t('pick.title')}>
      <header className="lesson-head">
        <strong>{t('pick.title')}</strong>
        <SaveLessonButton />
        <button type="button" className="linkish" onClick={() => setPicking(false)}>
          {t('pick.close')}
        </button>
      </header>
      <ul className="lesson-list" aria-busy={lessons === null}>
        {(lessons ?? []).map((l) => {
          return (
            <li key={l.id}>
              <button
                type="button"
                data-testid={`lesson-pick.${l.id}`}
                onClick={() => void openLesson(l, 'builtin')}
              >
                {textIn(l.title, i18n.language)}
              </button>{' '}
              <span className="lesson-muted">{t('pick.steps', { count: l.steps.length })}</span>
            </li>
          );
        })}
      </ul>
      <label className="lesson-open-file" title={t('pick.openHint')}>
        {t('pick.open')}{' '}
        <input
          ref={file}
          type="file"
          accept=".yaml,.yml,.json,application/yaml,application/json"
          data-testid="lesson-file"
          onChange={(e) => {
            const f = e.target.files?.[0];
            if (f) void openLessonFile(f);
            if (file.current) file.current.value = '';
          }}
        />
      </label>
    </section>
  );
}

export function LessonSlot({ onStepChange }: { onStepChange?: (step: number) => void }) {
  const { t } = useTranslation('lessons');
  // The lesson's panel is drawn in a render React may slice (useDeferredValue): the store's update
  // renders at once with the place kept ("Preparing…", or the panel before), the panel itself — a few
  // hundred elements, its step's Markdown, the dots — follows in slices and commits whole (issue 24: in
  // the store's update it was one task of about 70 ms at 4× CPU on a phone, once per lesson opened).
  const lesson = useDeferredValue(useLessonHost((s) => s.lesson));
  const token = useDeferredValue(useLessonHost((s) => s.token));
  const startStep = useDeferredValue(useLessonHost((s) => s.startStep));
  const restored = useDeferredValue(useLessonHost((s) => s.restored));
  const picking = useDeferredValue(useLessonHost((s) => s.picking));
  const preparing = useDeferredValue(useLessonHost((s) => s.preparing || s.awaiting));
  useEffect(() => (lesson ? startGoalWatcher() : undefined), [lesson]);
  return (
    <>
      <LoadError />
      {preparing ? (
        // The lesson's place, kept while it loads (as tall as the panel it becomes on a phone).
        <section className="lesson-panel lesson-reserved" aria-busy="true" data-testid="lesson-reserved">
          <p className="lesson-preparing" role="status">
            {t('preparing')}
          </p>
        </section>
      ) : lesson ? (
        <LessonPanel
          key={token}
          lesson={lesson}
          startStep={startStep}
          catchUp={!restored}
          onStepChange={onStepChange}
          onClose={closeLesson}
        />
      ) : picking ? (
        <Picker />
      ) : null}
    </>
  );
}
