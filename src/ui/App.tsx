import { useStore } from 'zustand';
import { KeyBuilderPanel } from './keyBuilder/KeyBuilderPanel';
import { noticeStore } from './stores';

/**
 * The app shell: a header and the work area. The work area is a grid so the
 * table explorer can sit beside the key builder.
 */
export function App() {
  const notices = useStore(noticeStore, (state) => state.notices);
  return (
    <div className="app">
      <header className="app-header">
        <span className="brand">
          <img src="/favicon.svg" alt="" width={24} height={24} />
          <span className="brand-name">Keylab</span>
        </span>
        <span className="tagline">See DynamoDB’s sort-key order before you ship it</span>
      </header>
      {notices.length > 0 && (
        <div className="notices" role="alert">
          {notices.map((notice) => (
            <p key={notice.id}>{notice.message}</p>
          ))}
        </div>
      )}
      <main className="workspace">
        <KeyBuilderPanel />
      </main>
    </div>
  );
}
