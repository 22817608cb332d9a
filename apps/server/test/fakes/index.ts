export { startFakeBytepay, type FakeBytepay } from './bytepay.js';
export { startFakeMomo, type FakeMomo } from './momo.js';
export { startFakePaypal, type FakePaypal } from './paypal.js';
export { startFakePerfectMoney, type FakePerfectMoney } from './perfect-money.js';
export { startFakeStripe, type FakeStripe } from './stripe.js';
export { startFakeTazapay, type FakeTazapay } from './tazapay.js';
export { startFakeTronGrid, type FakeTronGrid, USDT_CONTRACT, FAKE_TOKEN } from './trongrid.js';
export { deliver } from './http.js';
export { startFakeSmtp, type FakeSmtp } from './smtp.js';
