import { describe, expect, it } from 'vitest';
import { returnActionOf } from '../return-params';

const ID = '56d7dc9a-cd8f-40eb-9563-1fdddccf089c';
const params = (query: string) => new URLSearchParams(query);

describe('returnActionOf', () => {
  it('should complete a PayPal payment with its token', () => {
    expect(returnActionOf(ID, params('method=paypal&token=CA392&PayerID=X'))).toEqual({
      kind: 'complete',
      method: 'paypal',
      orderId: 'CA392',
    });
    expect(returnActionOf(undefined, params('token=CA392'))).toEqual({
      kind: 'complete',
      method: 'paypal',
      orderId: 'CA392',
    });
  });

  it('should cancel a top-up the payer gave up on', () => {
    expect(returnActionOf(ID, params('method=paypal&cancelled=1&token=CA392'))).toEqual({ kind: 'cancel', id: ID });
  });

  it('should check any other method by the top-up id', () => {
    expect(returnActionOf(ID, params('method=card&session_id=cs_1'))).toEqual({ kind: 'check', id: ID });
    expect(returnActionOf(ID, params(''))).toEqual({ kind: 'check', id: ID });
  });

  it('should complete a bytepay order by its order id', () => {
    expect(returnActionOf(undefined, params('method=bytepay&orderId=bp_1'))).toEqual({
      kind: 'complete',
      method: 'bytepay',
      orderId: 'bp_1',
    });
  });

  it('should look up nothing without an id', () => {
    expect(returnActionOf(undefined, params('method=card'))).toBeNull();
    expect(returnActionOf('success', params(''))).toBeNull();
  });
});
