// The floor under bench:api's figures: a bare node:http server that answers each path with the bytes
// (status, headers, body) our server gave for it, and, for a path whose answer reads the database,
// first runs one prepared statement on a pg pool of the same size. What our server costs above this
// is ours (framework, auth, queries, serialising); what this costs is the machine's HTTP and socket
// path. Started by scripts/bench-api.ts with FLOOR_ANSWERS (JSON: path → { status, headers, body
// (base64), reads }) and DATABASE_URL; prints "listening <port>" when ready.
import { createServer } from 'node:http';
import pg from 'pg';

const answers = new Map(
  Object.entries(JSON.parse(process.env.FLOOR_ANSWERS ?? '{}')).map(([url, a]) => [
    url,
    { ...a, body: Buffer.from(a.body, 'base64') },
  ]),
);
const pool = process.env.DATABASE_URL ? new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 20 }) : null;
const STATEMENT = { name: 'bench_floor', text: 'select $1::int as n', values: [1] };

function reply(res, answer) {
  res.writeHead(answer.status, { ...answer.headers, 'content-length': answer.body.length });
  res.end(answer.body);
}

const server = createServer((req, res) => {
  const answer = answers.get(req.url ?? '');
  if (!answer) {
    res.writeHead(404).end();
    return;
  }
  if (answer.reads && pool) {
    pool.query(STATEMENT).then(
      () => reply(res, answer),
      () => res.writeHead(500).end(),
    );
    return;
  }
  reply(res, answer);
});
server.keepAliveTimeout = 60_000;
server.listen(0, '127.0.0.1', () => {
  const address = server.address();
  process.stdout.write(`listening ${typeof address === 'object' && address ? address.port : 0}\n`);
});
process.on('SIGTERM', () => {
  server.close();
  void pool?.end();
  server.closeAllConnections();
});
