import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { PaymentMethod, TransactionType } from '@proxy/contract';
import { orderLogs, orders, proxies, nodes, topups, users } from '../src/db/schema/index.js';
import { changeBalance } from '../src/modules/ledger/index.js';
import { creditTopupTx } from '../src/modules/payments/credit.js';
import type { TestApp } from './helper.js';

/** Rows with known totals for the stats tests, written at chosen times through the ledger's own functions. */
export class StatsSeed {
  constructor(
    private readonly t: TestApp,
    private readonly adminId: string,
  ) {}

  /** A credited top-up of `amount` coins by `method`, credited at `at` (no promotion bonus unless one runs). */
  async topup(user: { id: string; siteId: string }, method: PaymentMethod, amount: number, at: Date): Promise<string> {
    const id = randomUUID();
    await this.t.ctx.db.insert(topups).values({
      id,
      siteId: user.siteId,
      userId: user.id,
      method,
      amount,
      currency: 'VND',
      providerAmount: amount,
      content: `seed ${method}`,
      createdAt: at,
      updatedAt: at,
    });
    await this.t.ctx.db.transaction((tx) => creditTopupTx(tx, id, { kind: 'admin', actorId: this.adminId }, at));
    return id;
  }

  /** A balance change of type `type` (negative for spending) at `at`. */
  async ledger(userId: string, type: TransactionType, amount: number, at: Date): Promise<void> {
    await this.t.ctx.db.transaction((tx) => changeBalance(tx, { userId, amount, type, content: `seed ${type}`, at }));
  }

  async order(
    user: { id: string; siteId: string },
    o: {
      product: 'v6' | 'v4' | 'key';
      country: string;
      quantity: number;
      totalPrice: number;
      at: Date;
      status?: 'using' | 'cancelled' | 'expired';
    },
  ): Promise<string> {
    const id = randomUUID();
    await this.t.ctx.db.insert(orders).values({
      id,
      code: `S${id.slice(0, 10)}`,
      userId: user.id,
      siteId: user.siteId,
      type: o.product,
      product: o.product,
      country: o.country,
      quantity: o.quantity,
      periodUnit: 'month',
      periodValue: 1,
      status: o.status ?? 'using',
      totalPrice: o.totalPrice,
      paidAt: o.at,
      createdAt: o.at,
      updatedAt: o.at,
    });
    return id;
  }

  async renewLog(orderId: string, at: Date): Promise<void> {
    await this.t.ctx.db
      .insert(orderLogs)
      .values({ id: randomUUID(), orderId, action: 'renew', result: 'success', createdAt: at });
  }

  async proxy(
    user: { id: string; siteId: string },
    p: {
      orderId: string;
      type: 'v6' | 'v4';
      country: string;
      expiresAt: Date;
      status?: 'using' | 'expired';
      createdAt?: Date;
    },
  ): Promise<void> {
    const [node] = await this.t.ctx.db.select({ id: nodes.id }).from(nodes).limit(1);
    const at = p.createdAt ?? this.t.clock.now();
    await this.t.ctx.db.insert(proxies).values({
      id: randomUUID(),
      userId: user.id,
      siteId: user.siteId,
      orderId: p.orderId,
      type: p.type,
      protocol: 'http',
      nodeId: node!.id,
      port: 40_000 + Math.floor(Math.random() * 20_000),
      username: 'u',
      password: 'p',
      country: p.country,
      egressIp: '127.0.0.1',
      status: p.status ?? 'using',
      expiresAt: p.expiresAt,
      createdAt: at,
      updatedAt: at,
    });
  }

  async setCreatedAt(userId: string, at: Date): Promise<void> {
    await this.t.ctx.db.update(users).set({ createdAt: at }).where(eq(users.id, userId));
  }

  async siteOf(userId: string): Promise<string> {
    const [u] = await this.t.ctx.db.select({ siteId: users.siteId }).from(users).where(eq(users.id, userId));
    return u!.siteId;
  }

  /** Pending and held top-ups (never credited). */
  async pendingTopup(siteId: string, userId: string, held: boolean): Promise<void> {
    const now = this.t.clock.now();
    await this.t.ctx.db.insert(topups).values({
      id: randomUUID(),
      siteId,
      userId,
      method: 'bank',
      status: held ? 'failed' : 'pending',
      heldReason: held ? 'seed: amount mismatch' : null,
      amount: 1000,
      currency: 'VND',
      providerAmount: 1000,
      createdAt: now,
      updatedAt: now,
    });
  }
}
