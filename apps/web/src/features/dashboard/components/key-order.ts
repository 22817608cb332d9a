import { PROTOCOLS, ZBuyKeyPackageRequest, type TPackage } from '@proxy/contract';
import { z } from 'zod';

export interface KeyOrderValues {
  packageId: string;
  country: string;
  quantity: number;
  protocol: (typeof PROTOCOLS)[number];
}

export type KeyOrderProblem = 'packageRequired' | 'countryRequired' | 'quantityMin' | 'keyQuantityMax';

/** Rotating keys: a package, a country, 1 to the contract's maximum keys, and the protocol. */
export const keyOrderSchema = z.object({
  packageId: z.string().min(1, 'packageRequired'),
  country: z.string().min(1, 'countryRequired'),
  quantity: z
    .number({ error: 'quantityMin' })
    .refine((q) => Number.isInteger(q) && q >= 1, { message: 'quantityMin' })
    .refine((q) => ZBuyKeyPackageRequest.shape.quantity.safeParse(q).success, { message: 'keyQuantityMax' }),
  protocol: z.enum(PROTOCOLS),
});

export function keyOrderProblem(values: KeyOrderValues): KeyOrderProblem | null {
  const parsed = keyOrderSchema.safeParse(values);
  return parsed.success ? null : ((parsed.error.issues[0]?.message ?? 'quantityMin') as KeyOrderProblem);
}

/** Keys cost the package price each. Null while the quantity is not a whole number of keys. */
export function keyOrderTotal(pkg: Pick<TPackage, 'price'> | undefined, quantity: number): number | null {
  if (!pkg || !Number.isInteger(quantity) || quantity < 1) {
    return null;
  }
  return pkg.price * quantity;
}
