/**
 * The proxy checker: the echo service (server.ts starts it), the probe (an HTTP CONNECT and SOCKS5
 * client) behind `check-list-proxy` (`check-own.ts`), and the free checker
 * (`/api/tools/check-proxy`, an NDJSON stream, `check-lines.ts`), whose `destination.ts` refuses
 * every address but public ones outside the nodes' proxy port ranges before connecting, and pins
 * the connection to the address it checked. Its routes are registered by app.ts from routes.ts.
 */
export { startEcho, type EchoService } from './echo.js';
