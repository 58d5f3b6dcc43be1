import { describe, expect, it } from 'vitest';
import { readRecordPayment, withoutRecordPayment, withRecordPayment } from './record-payment-dialog.ts';

const ORDER = '00000000-0000-4000-8000-000000000901';
const UPPER_ORDER = '00000000-0000-4000-8000-0000000000C1';

describe('the Record payment dialog’s address', () => {
  it('round-trips what it names, keeping the rest of the query', () => {
    const search = withRecordPayment(new URLSearchParams('state=FAILED'), { orderId: ORDER });
    expect(search.get('state')).toBe('FAILED');
    expect(readRecordPayment(search)).toEqual({ orderId: ORDER });
    expect(readRecordPayment(withoutRecordPayment(search))).toBeNull();
    expect(withoutRecordPayment(search).toString()).toBe('state=FAILED');
  });

  it('opens with nothing named, and reads ids in lower case', () => {
    expect(readRecordPayment(new URLSearchParams('record_payment=1'))).toEqual({});
    expect(readRecordPayment(new URLSearchParams(`record_payment=1&record_order=${UPPER_ORDER}`))).toEqual({
      orderId: UPPER_ORDER.toLowerCase(),
    });
  });

  it('opens nothing for a malformed id or without the switch', () => {
    expect(readRecordPayment(new URLSearchParams('record_payment=1&record_order=1042'))).toBeNull();
    expect(readRecordPayment(new URLSearchParams(`record_order=${ORDER}`))).toBeNull();
  });
});
