/** Who else has a page open in the editor. */
export { registerPresenceRoutes, PRESENCE_PATH } from './routes.js';
export { PRESENCE_HEARTBEAT_MS, PRESENCE_WINDOW_MS } from './presence-repository.js';
