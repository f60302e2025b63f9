/**
 * The system Chromium's command-line flags for the e2e suite (playwright.config.ts) and the
 * browser benchmarks that want the same browser (bench/e2eCosts.bench.ts, bench/design/firstPaint.ts).
 */

/**
 * Playwright's own `--disable-features` list (playwright-core's chromiumSwitches.ts, 1.65), which
 * it passes before ours: Chromium keeps only the last `--disable-features`, so a list of ours
 * must repeat it.
 */
export const PLAYWRIGHT_DISABLED_FEATURES: readonly string[] = [
  'AvoidUnnecessaryBeforeUnloadCheckSync',
  'DestroyProfileOnBrowserClose',
  'HttpsUpgrades',
  'HttpsFirstBalancedModeAutoEnable',
  'LensOverlay',
  'MediaRouter',
  'PaintHolding',
  'ThirdPartyStoragePartitioning',
  'AvoidCorsURLLoaderRestartOnRedirect',
  'TcpPortRandomizationWin',
  'OptimizationHints',
  'NetworkTimeServiceQuerying',
  'AimEnabled',
  'PreconnectToSearch',
  'msForceBrowserSignIn',
  'msEdgeUpdateLaunchServicesPreferredVersion',
];

/**
 * In headless Chromium each new window (every test's context opens one) also starts the
 * browser's own omnibox popup, a "top chrome" WebUI renderer (chrome://omnibox-popup…), and
 * preloads it: a trace showed it using about as much CPU as the page itself, on the same cores,
 * while the page loaded. No test looks at the browser's own UI, so it stays off.
 */
export const BROWSER_UI_FEATURES: readonly string[] = ['PreloadTopChromeWebUI', 'WebUIOmniboxPopup', 'WebUIOmniboxFullPopup', 'WebUIOmniboxAimPopup'];

/** The flags of every e2e browser. */
export const E2E_CHROMIUM_ARGS: string[] = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
  '--disable-dev-shm-usage',
  `--disable-features=${[...PLAYWRIGHT_DISABLED_FEATURES, ...BROWSER_UI_FEATURES].join(',')}`,
];
