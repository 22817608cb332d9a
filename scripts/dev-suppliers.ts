/**
 * `npm run dev:suppliers`: local fakes of Proxy6 and Webshare for trying suppliers on one machine
 * (docs/suppliers.md). Run the panel with OUTBOUND_ALLOW_PRIVATE=1 and add suppliers with these
 * base URLs and keys.
 */
import { startFakeProxy6, startFakeWebshare } from '../apps/server/test/fakes/index.js';

const p6 = await startFakeProxy6({ port: Number(process.env.PROXY6_PORT ?? 18601) });
const ws = await startFakeWebshare({ port: Number(process.env.WEBSHARE_PORT ?? 18602) });
ws.add(50, 'US');
ws.add(20, 'DE');
console.log(`Proxy6 fake:   baseUrl ${p6.url}  apiKey ${p6.apiKey}  (balance ${p6.balance} ${p6.currency})`);
console.log(`Webshare fake: baseUrl ${ws.url}  apiKey ${ws.apiKey}  (${ws.proxies.length} proxies)`);
console.log('Ctrl+C stops them.');
process.on('SIGINT', () => {
  void Promise.all([p6.close(), ws.close()]).then(() => process.exit(0));
});
