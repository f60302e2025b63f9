/*
 * The browser entry. index.html's shell (the header and "Loading your
 * designs…", styled by app.css, which stays a <link> in the page) paints
 * first; the app's code is fetched and run after that paint, so the first
 * paint waits for no JavaScript (startApp.tsx builds the stores and renders).
 */
import './ui/app.css';

/** Resolves after the browser has painted the shell once (at once in a hidden tab, where frames don't run). */
function afterShellPainted(): Promise<void> {
  return new Promise((resolve) => {
    if (document.visibilityState !== 'visible') {
      resolve();
      return;
    }
    // A frame's callbacks run just before its paint; the task queued from one runs after it.
    requestAnimationFrame(() => setTimeout(resolve, 0));
  });
}

performance.mark('keylab:main-evaluated');
afterShellPainted()
  .then(() => {
    performance.mark('keylab:shell-painted');
    return import('./startApp');
  })
  .catch((error: unknown) => {
    // Shown in the shell's own status line: a failed load (a network error, a stale tab after a deploy) says so instead of "Loading…" forever.
    const status = document.querySelector('.app-shell-status');
    if (status) status.textContent = `Keylab could not load its code (${error instanceof Error ? error.message : String(error)}). Reload the page to try again.`;
    throw error;
  });
