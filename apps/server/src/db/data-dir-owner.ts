/**
 * One process at a time may open a PGlite data directory: two would corrupt it, and PGlite does
 * not lock it itself (its postmaster.pid holds a fixed -42 and stays after close). The process that
 * opens it listens on a Unix socket beside it (DATA_DIR/db.sock, owner-only): a socket that
 * answers means "in use"; one left by a crashed process does not answer and is replaced.
 * The socket is also how the CLIs reach a running server (docs/operations.md#backups): `ping`
 * answers the owner's pid, `dump` a consistent gzip'd tarball of the live database.
 */
import { chmodSync, existsSync, unlinkSync } from 'node:fs';
import net from 'node:net';

/** Linux and macOS cap a socket path near 104-108 bytes. */
const MAX_SOCKET_PATH = 100;

export class DataDirInUseError extends Error {}

export function ownerSocketPath(dataDir: string): string {
  return `${dataDir.replace(/[/\\]+$/, '')}.sock`;
}

export interface DataDirOwner {
  release(): Promise<void>;
}

/** Sends one command line to the owner's socket; resolves its whole answer, or null when nobody answers. */
function ask(socketPath: string, command: string, timeoutMs: number): Promise<Buffer | null> {
  return new Promise((resolve, reject) => {
    if (!existsSync(socketPath)) {
      resolve(null);
      return;
    }
    const chunks: Buffer[] = [];
    let connected = false;
    const socket = net.connect(socketPath, () => {
      connected = true;
      socket.end(`${command}\n`);
    });
    socket.setTimeout(timeoutMs, () => socket.destroy(new Error(`no answer on ${socketPath} within ${timeoutMs} ms`)));
    socket.on('data', (c: Buffer) => chunks.push(c));
    socket.on('error', (err: NodeJS.ErrnoException) => {
      if (!connected && (err.code === 'ECONNREFUSED' || err.code === 'ENOENT')) {
        resolve(null);
      } else {
        reject(err);
      }
    });
    socket.on('close', () => {
      if (connected) {
        resolve(Buffer.concat(chunks));
      }
    });
  });
}

/** Splits `OK <text>\n<payload>` / `ERR <message>\n` answers. */
function parseAnswer(answer: Buffer): { head: string; payload: Buffer } {
  const nl = answer.indexOf(0x0a);
  const line = answer.subarray(0, nl < 0 ? answer.length : nl).toString('utf8');
  if (!line.startsWith('OK')) {
    throw new Error(`the running server refused: ${line.replace(/^ERR\s*/, '') || 'no answer'}`);
  }
  return { head: line.slice(3), payload: nl < 0 ? Buffer.alloc(0) : answer.subarray(nl + 1) };
}

/** The pid of the process that has `dataDir` open, or null when none has. */
export async function dataDirOwnerPid(dataDir: string): Promise<number | null> {
  if (process.platform === 'win32') {
    return null;
  }
  const answer = await ask(ownerSocketPath(dataDir), 'ping', 5_000);
  return answer === null ? null : Number(parseAnswer(answer).head);
}

/** Asks the process that has `dataDir` open for a dump; null when no process has it open. */
export async function dumpFromOwner(dataDir: string): Promise<Buffer | null> {
  if (process.platform === 'win32') {
    return null;
  }
  const answer = await ask(ownerSocketPath(dataDir), 'dump', 10 * 60_000);
  return answer === null ? null : parseAnswer(answer).payload;
}

/**
 * Claims `dataDir` for this process before PGlite opens it: throws DataDirInUseError when another
 * live process has it. `dump` serves the socket's `dump` command. (Windows has no such socket: there
 * the directory is not guarded.)
 */
export async function claimDataDir(dataDir: string, dump: () => Promise<Buffer>): Promise<DataDirOwner> {
  if (process.platform === 'win32') {
    return { release: async () => undefined };
  }
  const socketPath = ownerSocketPath(dataDir);
  if (socketPath.length > MAX_SOCKET_PATH) {
    throw new Error(`DATA_DIR is too long for its lock socket ${socketPath} (max ${MAX_SOCKET_PATH} bytes)`);
  }
  const pid = await dataDirOwnerPid(dataDir);
  if (pid !== null) {
    throw new DataDirInUseError(`${dataDir} is in use by process ${pid} (a running server?); stop it first`);
  }
  if (existsSync(socketPath)) {
    unlinkSync(socketPath);
  } // left by a process that died
  // Half-open: the client ends its side after the command, and the answer still goes back.
  const server = net.createServer({ allowHalfOpen: true }, (socket) => {
    let line = '';
    socket.on('error', () => undefined);
    socket.on('data', (c: Buffer) => {
      line += c.toString('utf8');
      if (!line.includes('\n')) {
        return;
      }
      const command = line.slice(0, line.indexOf('\n')).trim();
      line = '';
      void answer(command).then((reply) => socket.end(reply));
    });
  });
  const answer = async (command: string): Promise<Buffer> => {
    if (command === 'ping') {
      return Buffer.from(`OK ${process.pid}\n`);
    }
    if (command !== 'dump') {
      return Buffer.from(`ERR unknown command ${JSON.stringify(command.slice(0, 40))}\n`);
    }
    try {
      return Buffer.concat([Buffer.from('OK\n'), await dump()]);
    } catch (err) {
      return Buffer.from(`ERR ${err instanceof Error ? err.message : String(err)}\n`);
    }
  };
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(socketPath, () => resolve());
  });
  chmodSync(socketPath, 0o600);
  // The socket must not keep a CLI's event loop alive once its work is done.
  server.unref();
  return {
    release: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
