// The page header: title, the lesson, language, theme, presentation mode, share, keyboard shortcuts.

import { useTranslation } from 'react-i18next';
import { LANGUAGE_NAMES, LANGUAGES, setLanguage, type Language } from '../../i18n';
import { useStore } from '../../state/store';
import { selectTheme } from '../../state/selectors';
import { applyTheme } from '../theme';
import { ShortcutSheet } from './ShortcutSheet';
import { ShareButton } from '../share/ShareButton';
import { PresentToggle } from './PresentToggle';

export function Header({ onStartLesson, lessonOpen }: { onStartLesson: () => void; lessonOpen: boolean }) {
  const { t, i18n } = useTranslation('common');
  const theme = useStore(selectTheme);
  return (
    <header className="app-header">
      <h1>{t('appTitle')}</h1>
      <button type="button" onClick={onStartLesson} disabled={lessonOpen} data-testid="lesson-button">
        {t('lesson.start')}
      </button>
      <div className="header-spacer" />
      <label className="header-field">
        <span>{t('language')}</span>
        <select
          value={i18n.language}
          data-testid="language-select"
          onChange={(e) => void setLanguage(e.target.value as Language)}
        >
          {LANGUAGES.map((l) => (
            <option key={l} value={l}>
              {LANGUAGE_NAMES[l]}
            </option>
          ))}
        </select>
      </label>
      {/* Says what it switches to; the accessible name says so in full. */}
      <button
        type="button"
        data-testid="theme-toggle"
        data-theme-now={theme}
        title={t(theme === 'dark' ? 'theme.toLight' : 'theme.toDark')}
        aria-label={t(theme === 'dark' ? 'theme.toLight' : 'theme.toDark')}
        onClick={() => {
          const next = theme === 'dark' ? 'light' : 'dark';
          useStore.getState().setTheme(next);
          applyTheme(next, true);
        }}
      >
        <span aria-hidden="true">{theme === 'dark' ? '☀ ' : '☾ '}</span>
        {t(theme === 'dark' ? 'theme.light' : 'theme.dark')}
      </button>
      <PresentToggle />
      <ShareButton />
      <ShortcutSheet />
    </header>
  );
}
