/*
 * The browser entry. The page's own HTML (in the build, the first screen
 * prerendered: header, tabs, the Designs list; under `npm run dev`, the
 * shell's "Loading your designs…"; styled by app.css, which stays a <link> in
 * the page) paints first; the app's code is fetched and run after that paint,
 * so the first paint waits for no JavaScript (startApp.tsx builds the stores
 * and hydrates or renders).
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

/*
 * The prerendered Designs list is on screen before its buttons do anything
 * (React attaches its handlers when startApp.tsx hydrates the page; from then
 * on, React itself holds a click until hydration reaches its target). A click
 * in between is kept and replayed once the app has taken over, so "Duplicate"
 * pressed early still duplicates.
 */
const earlyClicks: HTMLElement[] = [];
const keepEarlyClick = (event: MouseEvent) => {
  if (event.isTrusted && event.target instanceof HTMLElement && event.target.closest('#root')) earlyClicks.push(event.target);
};
document.addEventListener('click', keepEarlyClick, true);
function replayEarlyClicks(): void {
  document.removeEventListener('click', keepEarlyClick, true);
  for (const target of earlyClicks.splice(0)) if (target.isConnected) target.click();
}

performance.mark('keylab:main-evaluated');
afterShellPainted()
  .then(() => {
    performance.mark('keylab:shell-painted');
    return import('./startApp');
  })
  .then(replayEarlyClicks)
  .catch((error: unknown) => {
    // Shown in the shell's own status line: a failed load (a network error, a stale tab after a deploy) says so instead of "Loading…" forever.
    // The built page shows the prerendered first screen instead of the shell's status line: the message goes at its top.
    const status =
      document.querySelector('.app-shell-status') ??
      document.body.insertBefore(Object.assign(document.createElement('p'), { className: 'app-shell-status' }), document.body.firstChild);
    status.setAttribute('role', 'alert');
    status.textContent = `Keylab could not load its code (${error instanceof Error ? error.message : String(error)}). Reload the page to try again.`;
    throw error;
  });
