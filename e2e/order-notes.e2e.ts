import { describe, expect, it } from 'vitest';
import { api, createCustomer, creditCustomer, signIn, tokenOf } from './support/app';
import { useE2E } from './support/setup';

const e2e = useE2E();

describe('order history notes', () => {
  it('should show a failed increase’s note, written by the server, in Vietnamese', async () => {
    const { page, server, mail } = e2e;
    const user = await createCustomer(server, mail, 'notes');
    // One IPv4 proxy for a day costs 3.000 coins in the demo catalogue: nothing is left for more.
    await creditCustomer(server, user.email, 3_000);
    const token = await tokenOf(server, user);
    const bought = await api<{ order: { id: string } }>(server, 'POST', '/api/v4-proxy/buy-retail', {
      token,
      body: { country: 'VN', quantity: 1, period: { unit: 'day', value: 1 } },
    });
    expect(bought.status, JSON.stringify(bought.body)).toBe(200);
    const orderId = bought.body.order.id;
    const more = await api<{ message: string }>(server, 'PUT', `/api/order/increase-amount/${orderId}`, {
      token,
      body: { amount: 5 },
    });
    expect(more.body.message).toBe('NOT_ENOUGH_MONEY');

    await signIn(page, server.baseUrl, user, { lang: 'vi', path: '/order' });
    const row = page.getByTestId('orders-grid').locator(`.MuiDataGrid-row[data-id="${orderId}"]`);
    await row.getByTestId('order-history').click();
    const failed = page.locator('[data-testid="history-row"][data-action="increase_amount"]');
    const note = failed.getByTestId('history-note');
    await note.waitFor();
    expect(await note.innerText()).toMatch(/^\+5 proxy, \d+ giờ còn lại: Số dư không đủ, vui lòng nạp thêm$/);
  });
});
