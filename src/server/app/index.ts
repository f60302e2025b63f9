/** The app server behind `npm start` (static app + Keylab's Node routes) and its command line. */
export { createAppServer, DEFAULT_HOST, DEFAULT_PORT, displayUrl, type AppServer, type AppServerOptions, type StartedServer } from './appServer';
export {
  APP_USAGE,
  createKeylabRoutes,
  describeListenError,
  parsePort,
  resolveServerSettings,
  runAppServer,
  UsageError,
  type KeylabRouteOptions,
  type RunOptions,
  type ServerSettings,
} from './cli';
export { staticFilesRoute } from './staticFiles';
