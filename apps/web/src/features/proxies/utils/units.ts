export { unitsFor } from '@/lib/catalog/renewal';
