// "Save as lesson": downloads the current timeline's commands as a lesson file draft.

import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { currentSharedState } from '../../share/session';
import { useStore } from '../../state/store';

export function SaveLessonButton() {
  const { t } = useTranslation('lessons');
  const [note, setNote] = useState<string | null>(null);
  const save = async () => {
    const s = currentSharedState();
    const st = useStore.getState();
    if (s.inputs.length === 0) {
      setNote(t('saveEmpty'));
      return;
    }
    // the draft is written with the yaml package: loaded on first use (issue 24)
    const { lessonDraft } = await import('../../lessons/draft');
    const { yaml, steps } = lessonDraft({
      preset: s.preset,
      nodes: s.nodes,
      inputs: s.inputs,
      until: Math.max(0, st.now - st.start),
    });
    const name = 'my-lesson.yaml';
    const url = URL.createObjectURL(new Blob([yaml], { type: 'application/yaml' }));
    const a = document.createElement('a');
    a.href = url;
    a.download = name;
    a.click();
    setTimeout(() => URL.revokeObjectURL(url), 1000);
    setNote(t('saved', { name, steps }));
  };
  return (
    <span className="lesson-save">
      <button
        type="button"
        className="linkish"
        title={t('saveTitle')}
        onClick={() => void save()}
        data-testid="lesson-save"
      >
        {t('save')}
      </button>
      {note ? (
        <span className="lesson-muted" role="status" data-testid="lesson-save-note">
          {note}
        </span>
      ) : null}
    </span>
  );
}
