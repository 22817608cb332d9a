import { startFake } from './http.js';

/**
 * A local Telegram Bot API (https://core.telegram.org/bots/api): `POST /bot<token>/<method>` with a
 * JSON body, answering `{ok: true, result}` or `{ok: false, error_code, description}`. It speaks
 * getMe, getUpdates (updates queued by the test, from `offset` on) and sendMessage (recorded).
 */
export interface FakeTelegram {
  url: string;
  token: string;
  username: string;
  sent: { chatId: string; text: string }[];
  /** Queues a private-chat message from a user, as the bot would receive it. */
  userSays(chatId: number, text: string): void;
  /** The next `n` sendMessage calls answer 500. */
  failNext(n: number): void;
  close(): Promise<void>;
}

interface Update {
  update_id: number;
  message: { message_id: number; date: number; chat: { id: number; type: 'private' }; text: string };
}

export async function startFakeTelegram(): Promise<FakeTelegram> {
  const token = `123456:${Math.random().toString(36).slice(2)}AAtest`;
  const username = 'panel_alerts_bot';
  const updates: Update[] = [];
  const sent: FakeTelegram['sent'] = [];
  let failing = 0;
  let nextId = 1000;
  const server = await startFake((req) => {
    const m = /^\/bot([^/]+)\/(\w+)$/.exec(req.path);
    if (!m || m[1] !== token) {
      return { status: 401, json: { ok: false, error_code: 401, description: 'Unauthorized' } };
    }
    const body = req.body;
    switch (m[2]) {
      case 'getMe':
        return { json: { ok: true, result: { id: 123456, is_bot: true, first_name: 'Panel', username } } };
      case 'getUpdates': {
        const offset = Number(body.offset ?? 0);
        return { json: { ok: true, result: updates.filter((u) => u.update_id >= offset) } };
      }
      case 'sendMessage': {
        if (failing > 0) {
          failing--;
          return { status: 500, json: { ok: false, error_code: 500, description: 'Internal Server Error' } };
        }
        if (typeof body.text !== 'string' || body.text.length === 0 || body.chat_id === undefined) {
          return {
            status: 400,
            json: { ok: false, error_code: 400, description: 'Bad Request: message text is empty' },
          };
        }
        sent.push({ chatId: JSON.stringify(body.chat_id).replace(/"/g, ''), text: body.text });
        const result = {
          message_id: nextId++,
          date: Math.floor(Date.now() / 1000),
          chat: { id: Number(body.chat_id), type: 'private' },
          text: body.text,
        };
        return { json: { ok: true, result } };
      }
      default:
        return { status: 404, json: { ok: false, error_code: 404, description: 'Not Found' } };
    }
  });
  return {
    url: server.url,
    token,
    username,
    sent,
    userSays(chatId, text) {
      const id = nextId++;
      updates.push({
        update_id: id,
        message: { message_id: id, date: Math.floor(Date.now() / 1000), chat: { id: chatId, type: 'private' }, text },
      });
    },
    failNext(n) {
      failing = n;
    },
    close: () => server.close(),
  };
}
