import { ProxyApiError, ProxyPanelClient } from '@proxy/sdk';

/** Buys two IPv4 proxies, lists them, and reads the balance; the key cannot rotate itself. */
export async function quickstart(baseUrl: string, apiKey: string) {
  const client = new ProxyPanelClient({ baseUrl, apiKey });

  const { order, proxies } = await client.buyProxies(
    'v4',
    { country: 'US', quantity: 2, period: { unit: 'day', value: 1 }, protocol: 'http', autoRenew: false },
    `quickstart-${Date.now()}`,
  );
  console.log(`order ${order.code}: ${proxies.length} proxies`);

  const list = await client.listProxies('v4', { limit: 50 });
  for (const p of list.items) {
    console.log(`${p.host}:${p.port}:${p.username}:${p.password}`);
  }
  console.log(`requests left this minute: ${client.rateLimit?.remaining}`);

  const { balance } = await client.balance();
  console.log(`balance: ${balance} coins`);
  try {
    // Changing the key or its allowed IPs needs a signed-in session, never a key.
    await client.request('POST', '/user/generate-key');
  } catch (err) {
    if (err instanceof ProxyApiError) {
      console.log(`rotating the key with the key answers ${err.status} ${err.code}`);
    }
  }
  return { order, proxies, list, balance };
}
