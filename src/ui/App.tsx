import { lazy, Suspense, useEffect, useState } from 'react';
import { BrandMark } from './BrandMark';
import { BuiltInTableElsewhere } from './BuiltInTableElsewhere';
import { VisibleText } from './common/VisibleText';
import { DesignPanel } from './design/DesignPanel';
import { LazyExplorer } from './LazyExplorer';
import { LazyMigrate } from './migrate/LazyMigrate';
import { useBuiltExplorerSide, useNotices, useStoreIfBuilt } from './stores';

// Loaded with the first write to AWS: the Design tab's first screen carries none of it.
const WriteConfirmation = lazy(async () => ({ default: (await import('./explorer/WriteConfirmation')).WriteConfirmation }));

type View = 'design' | 'explorer' | 'migrate';
const VIEWS: readonly { id: View; label: string }[] = [
  { id: 'design', label: 'Design' },
  { id: 'explorer', label: 'Table explorer' },
  { id: 'migrate', label: 'Migrate keys' },
];

/** The view named in the URL hash (#explorer, #migrate; #design or none: the Design tab), so a link opens the same screen. */
function viewFromHash(): View {
  // No window when the build prerenders the first screen (src/prerender.tsx): the Design tab.
  if (typeof window === 'undefined') return 'design';
  return window.location.hash === '#explorer' ? 'explorer' : window.location.hash === '#migrate' ? 'migrate' : 'design';
}

/**
 * The app shell: a header, the two views as tabs, and app-level notices.
 * Both panels stay mounted so switching tabs keeps what each one loaded.
 */
export function App() {
  const notices = useNotices((state) => state.notices);
  const [view, setView] = useState<View>(viewFromHash);
  // The explorer mounts when first shown (it loads its code then) and stays mounted after.
  const [explorerShown, setExplorerShown] = useState(view === 'explorer');
  if (view === 'explorer' && !explorerShown) setExplorerShown(true);
  // Migrate keys, likewise: its code and store load on first show.
  const [migrateShown, setMigrateShown] = useState(view === 'migrate');
  if (view === 'migrate' && !migrateShown) setMigrateShown(true);
  useEffect(() => {
    const onHashChange = () => setView(viewFromHash());
    window.addEventListener('hashchange', onHashChange);
    return () => window.removeEventListener('hashchange', onHashChange);
  }, []);
  const select = (next: View) => {
    setView(next);
    window.history.replaceState(null, '', next !== 'design' ? `#${next}` : window.location.pathname + window.location.search);
  };

  return (
    <div className="app">
      <header className="app-header">
        <span className="brand">
          <BrandMark />
          <span className="brand-name">Keylab</span>
        </span>
        <span className="tagline">See DynamoDB’s sort-key order before you ship it</span>
      </header>
      <nav className="view-tabs" role="tablist" aria-label="Views">
        {VIEWS.map((entry) => (
          <button
            key={entry.id}
            type="button"
            role="tab"
            id={`tab-${entry.id}`}
            aria-selected={view === entry.id}
            aria-controls={`view-${entry.id}`}
            onClick={() => select(entry.id)}
          >
            {entry.label}
          </button>
        ))}
      </nav>
      <BuiltInTableElsewhere />
      {notices.length > 0 && (
        <div className="notices" role="alert">
          {notices.map((notice) => (
            <p key={notice.id}>
              {/* Notices quote saved data (a design's name): bidi controls in it are shown as markers. */}
              <VisibleText text={notice.message} />
            </p>
          ))}
        </div>
      )}
      <main className="workspace">
        <div role="tabpanel" id="view-design" aria-labelledby="tab-design" hidden={view !== 'design'}>
          <DesignPanel />
        </div>
        <div role="tabpanel" id="view-explorer" aria-labelledby="tab-explorer" hidden={view !== 'explorer'}>
          {explorerShown && <LazyExplorer />}
        </div>
        <div role="tabpanel" id="view-migrate" aria-labelledby="tab-migrate" hidden={view !== 'migrate'}>
          {migrateShown && <LazyMigrate />}
        </div>
      </main>
      <AppWriteConfirmation />
    </div>
  );
}

/**
 * The "Write to AWS?" dialog, once for the whole app and outside the tabs
 * (hidden tabs stay mounted: one per tab opened two modals for one
 * question). Its code loads when the first question is asked; it stays
 * mounted after, its dialog opening and closing with the store.
 */
function AppWriteConfirmation() {
  const side = useBuiltExplorerSide();
  const asking = useStoreIfBuilt(side?.writeConfirmation, (state) => state.pending !== undefined, false);
  const [asked, setAsked] = useState(false);
  if (asking && !asked) setAsked(true);
  if (!side || !asked) return null;
  return (
    <Suspense fallback={null}>
      <WriteConfirmation store={side.writeConfirmation} />
    </Suspense>
  );
}
