import { setPresentationTheme, usePresentationTheme } from './presentationTheme';

/** The slides' Light theme: a toggle button (pressed: light), the same in the presentation and the presenter window. */
export function ThemeToggle() {
  const light = usePresentationTheme() === 'light';
  return (
    <button type="button" aria-pressed={light} onClick={() => setPresentationTheme(light ? 'dark' : 'light')}>
      Light theme
    </button>
  );
}
