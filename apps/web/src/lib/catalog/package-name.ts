import type { TOrder, TPackage } from '@proxy/contract';

/**
 * A package's name in the interface language (docs/product-rules.md#catalogue): the English name
 * for English readers when there is one, the name otherwise. Orders, their logs and ledger rows
 * keep both names as bought, so a later rename of the package does not change them.
 */
export function storedPackageName(name: string, nameEng: string | null | undefined, language: string): string {
  return language.startsWith('en') && nameEng ? nameEng : name;
}

/** A catalogue package's name in the interface language. */
export function packageName(pkg: Pick<TPackage, 'name' | 'nameEng'>, language: string): string {
  return storedPackageName(pkg.name, pkg.nameEng, language);
}

/** The package an order bought, in the interface language; empty for a retail order. */
export function orderPackageName(order: Pick<TOrder, 'packageName' | 'packageNameEng'>, language: string): string {
  return order.packageName === null ? '' : storedPackageName(order.packageName, order.packageNameEng, language);
}
