/** The checker's echo service (server.ts starts it); its routes are registered by app.ts from routes.ts. */
export { startEcho, type EchoService } from './echo.js';
