/**
 * docs/product-rules.md#formats: numbers follow the interface language (1.000.000 and 3,8 in
 * Vietnamese; 1,000,000 and 3.8 in English). One formatter for the web and the server's mails.
 */
export { fixedDigits, groupDigits } from '@proxy/contract';
