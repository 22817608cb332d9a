// A child of `npm run bench:supply`: the local fake upstream proxies a chained proxy dials through
// (HTTP CONNECT and SOCKS5, both with credentials), in a process of their own so their CPU is not
// the gateway's. Prints `{"http": port, "socks5": port}` when ready.
import { startFakeUpstream } from '../../apps/gateway/test/fake-upstream';

async function main(): Promise<void> {
  const auth = JSON.parse(process.argv[2] ?? '[]') as [string, string];
  const http = await startFakeUpstream({ protocol: 'http', auth });
  const socks5 = await startFakeUpstream({ protocol: 'socks5', auth });
  const stop = () => void Promise.all([http.close(), socks5.close()]).finally(() => process.exit(0));
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
  process.stdout.write(`${JSON.stringify({ http: http.port, socks5: socks5.port })}\n`);
}

main().catch((err: unknown) => {
  process.stderr.write(`${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
  process.exit(1);
});
