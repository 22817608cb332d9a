import type { ServerResponse } from 'node:http';
import { connect, type AddressInfo, type Socket } from 'node:net';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { MAX_UNSENT_BYTES, openEventStream, trackStreams, writeEvent } from './sse.js';

let app: FastifyInstance | null = null;
const sockets: Socket[] = [];

afterEach(async () => {
  sockets.splice(0).forEach((s) => s.destroy());
  await app?.close();
  app = null;
});

/** An app with one stream route; `opened` resolves with the stream's response. */
async function streamApp(afterEnd: () => Promise<void> = async () => undefined) {
  app = Fastify();
  let opened!: (res: ServerResponse) => void;
  const stream = new Promise<ServerResponse>((resolve) => (opened = resolve));
  const open = trackStreams(app, { farewell: 'retry: 500\n\n', afterEnd });
  app.get('/stream', async (req, reply) => {
    const res = openEventStream(req, reply, () => undefined);
    if (res) {
      open.add(res);
      res.on('close', () => open.delete(res));
      opened(res);
    }
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const socket = connect((app.server.address() as AddressInfo).port, '127.0.0.1');
  sockets.push(socket);
  socket.write('GET /stream HTTP/1.1\r\nHost: x\r\n\r\n');
  return { socket, stream };
}

function receivedUntil(socket: Socket, text: string): Promise<string> {
  let got = '';
  return new Promise((resolve, reject) => {
    socket.on('data', (chunk: Buffer) => {
      got += chunk.toString('utf8');
      if (got.includes(text)) {
        resolve(got);
      }
    });
    socket.on('error', reject);
  });
}

describe('event streams', () => {
  it('should frame an event as event and JSON data lines', async () => {
    const { socket, stream } = await streamApp();
    const frame = 'event: usage\ndata: {"proxyId":"p","bytesIn":1}\n\n';
    const framed = receivedUntil(socket, frame);
    writeEvent(await stream, 'usage', { proxyId: 'p', bytesIn: 1 });
    // The opening lines, then the event whole (chunk sizes of the chunked encoding between them).
    expect(await framed).toMatch(
      /retry: 5000\n: connected\n\n[\s\S]*event: usage\ndata: \{"proxyId":"p","bytesIn":1\}\n\n/,
    );
  });

  it('should cut a stream whose client stopped reading once too much is unsent', async () => {
    const { socket, stream } = await streamApp();
    const res = await stream;
    socket.pause();
    const closed = new Promise((resolve) => res.once('close', resolve));
    const big = 'x'.repeat(64 * 1024);
    let written = 0;
    while (!res.destroyed && written < 64 * MAX_UNSENT_BYTES) {
      writeEvent(res, 'usage', big);
      written += big.length;
      expect(res.writableLength).toBeLessThanOrEqual(MAX_UNSENT_BYTES + big.length + 64);
    }
    expect(res.destroyed).toBe(true);
    await closed;
    // Further events go nowhere instead of throwing.
    expect(() => writeEvent(res, 'usage', big)).not.toThrow();
  });

  it('should end open streams with the farewell before the app closes, then run afterEnd', async () => {
    let ended = false;
    const { socket, stream } = await streamApp(async () => {
      ended = true;
    });
    const farewell = receivedUntil(socket, 'retry: 500');
    await stream;
    await app!.close();
    app = null;
    expect(await farewell).toContain('retry: 500\n\n');
    expect(ended).toBe(true);
  });
});
