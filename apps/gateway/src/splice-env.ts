/**
 * Imported first by splice.test.ts: turns the splice relay on before splice.ts loads (it reads
 * GATEWAY_SPLICE once). It still runs only when the addon has been built.
 */
process.env.GATEWAY_SPLICE ??= '1';
