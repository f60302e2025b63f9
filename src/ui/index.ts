/** The React UI: the app shell, the stores' composition root and their provider (main.tsx renders them). */
export { App } from './App';
export { createAppStores, type AppDeps, type AppStores } from './appStores';
export { AppStoresProvider } from './stores';
export { PresenterWindow } from './PresenterWindow';
export { presenterKeyFromHash } from './design/presenterChannel';
