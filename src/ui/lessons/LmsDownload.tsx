// "Download for an LMS…" (issue 25): the open lesson as a SCORM 1.2, SCORM 2004 or cmi5 package, made
// in the page from the site's own files (src/lms/pagePackage.ts, loaded when asked for).

import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Lesson } from '../../lessons/types';
import type { PackageStandard } from '../../lessons/package/manifest';
import { useLessonHost } from '../../state/lessonHost';

const CHOICES: PackageStandard[] = ['scorm12', 'scorm2004', 'cmi5'];

export function LmsDownload({ lesson }: { lesson: Lesson }) {
  const { t } = useTranslation('lms');
  const from = useLessonHost((s) => s.from);
  const [note, setNote] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const make = async (standard: PackageStandard) => {
    setBusy(true);
    try {
      const { packageInPage } = await import('../../lms/pagePackage');
      const { blob, name } = await packageInPage(lesson, from === 'builtin', standard, (done, total) =>
        setNote(t('download.making', { done, total })),
      );
      const url = URL.createObjectURL(blob);
      const a = document.createElement('a');
      a.href = url;
      a.download = name;
      a.click();
      setTimeout(() => URL.revokeObjectURL(url), 1000);
      setNote(name);
    } catch (e) {
      setNote(t('download.failed', { message: (e as Error).message }));
    } finally {
      setBusy(false);
    }
  };
  return (
    <details className="lesson-lms" data-testid="lesson-lms">
      <summary className="linkish" title={t('download.title')}>
        {t('download.button')}
      </summary>
      <div className="lesson-lms-menu" role="group" aria-label={t('download.title')}>
        {CHOICES.map((c) => (
          <button
            key={c}
            type="button"
            disabled={busy}
            onClick={() => void make(c)}
            data-testid={`lesson-lms-${c}`}
          >
            {t(`download.${c}`)}
          </button>
        ))}
        {note ? (
          <span className="lesson-muted" role="status" data-testid="lesson-lms-note">
            {note}
          </span>
        ) : null}
      </div>
    </details>
  );
}
