// The catalogue side of reselling, as an admin sets it up outside the Suppliers page: a country
// with a retail price, and what a unit of a supplier's currency is worth in coins.
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { api } from './app';
import type { RunningServer } from './server';

export async function priceSupplierCountry(
  server: RunningServer,
  ownerToken: string,
  country: { code: string; name: string; dayPrice: number },
  rates: Record<string, number>,
): Promise<void> {
  const created = await api(server, 'POST', '/api/country/v4/admin/create', {
    token: ownerToken,
    body: {
      code: country.code,
      name: country.name,
      prices: [{ unit: 'day', price: country.dayPrice, renewPrice: country.dayPrice, quantityStep: 1 }],
    },
  });
  expect(created.status, JSON.stringify(created.body)).toBe(200);
  const updated = await api(server, 'PUT', '/api/setting/admin/update', {
    token: ownerToken,
    body: { settings: { supplierRates: rates } },
  });
  expect(updated.status, JSON.stringify(updated.body)).toBe(200);
}

/**
 * On the Suppliers page: opens the routes tab, adds an IPv4 route for `country` with the supplier
 * named `supplierName` (id `supplierId`) as its one source, saves it and waits for the saved card.
 */
export async function routeCountryInUi(
  page: Page,
  country: string,
  supplier: { name: string; id: string },
): Promise<void> {
  await page.getByTestId('suppliers-tab-routes').click();
  await page.getByTestId('route-new-country').fill(country);
  await page.getByTestId('route-new').click();
  const route = page.getByTestId(`route-v4-${country}`);
  await route.getByRole('combobox').click();
  await page.getByRole('option', { name: supplier.name }).click();
  await route.getByTestId('route-add-source-button').click();
  await route.getByTestId('route-save').click();
  // The saved route replaces the draft editor of the same test id.
  await route.locator(`[data-testid="route-source"][data-source="${supplier.id}"]`).first().waitFor();
  await expect.poll(() => route.count()).toBe(1);
}
