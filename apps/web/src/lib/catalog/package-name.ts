import type { TPackage } from '@proxy/contract';

/**
 * A package's name in the interface language (docs/product-rules.md#catalogue): the English name
 * for English readers when the admin set one, the name otherwise.
 */
export function packageName(pkg: Pick<TPackage, 'name' | 'nameEng'>, language: string): string {
  return language.startsWith('en') && pkg.nameEng ? pkg.nameEng : pkg.name;
}
