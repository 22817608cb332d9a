import pg from 'pg';

/**
 * A pg Pool whose checked-out clients cannot be lost with their connection.
 *
 * drizzle's transaction() sends BEGIN before its try/finally, so when the backend dies under that
 * BEGIN (terminated, a restart) the client is never released: the pool keeps counting it, and
 * after a few such losses every request waits for a connection forever (and pool.end() never
 * returns). Here a checked-out client whose connection ends is released with an error (which
 * makes the pool drop it), and a release after that is a no-op rather than a double release.
 */
export class ResilientPool extends pg.Pool {
  constructor(config: pg.PoolConfig) {
    super(config);
    // An idle client that errors (its backend terminated, the server restarted) must not crash the
    // process; the pool drops it by itself.
    this.on('error', () => undefined);
    // Nor may a checked-out one: the pool listens only to idle clients, and a backend that dies in
    // the middle of a transaction emits 'error' on its client. The query in flight gets the error.
    this.on('connect', (client) => {
      client.on('error', () => undefined);
    });
  }

  override connect(): Promise<pg.PoolClient>;
  override connect(
    callback: (err: Error | undefined, client: pg.PoolClient | undefined, done: (release?: unknown) => void) => void,
  ): void;
  override connect(
    callback?: (err: Error | undefined, client: pg.PoolClient | undefined, done: (release?: unknown) => void) => void,
  ): Promise<pg.PoolClient> | void {
    if (callback) {
      // The pool's own query() path: it always releases.
      return super.connect(callback);
    }
    return super.connect().then(releasedOnLoss);
  }
}

function releasedOnLoss(client: pg.PoolClient): pg.PoolClient {
  const release = client.release.bind(client);
  let released = false;
  const onEnd = () => {
    if (!released) {
      released = true;
      release(new Error('the database connection was lost'));
    }
  };
  client.once('end', onEnd);
  client.release = (err?: Error | boolean) => {
    if (released) {
      return;
    }
    released = true;
    client.removeListener('end', onEnd);
    release(err);
  };
  return client;
}
