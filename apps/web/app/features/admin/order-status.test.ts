import { describe, expect, it } from 'vitest';
import { orderStatusText } from './order-status';

describe("an order's status in the admin", () => {
  it('is the status alone with nothing refunded', () => {
    expect(orderStatusText({ status: 'paid', refunded: 0, total: 64.99 })).toBe('paid');
  });

  it('says a paid order was refunded in part, and how much of the total', () => {
    expect(orderStatusText({ status: 'paid', refunded: 5, total: 64.99 })).toBe(
      'paid · refunded $5.00 of $64.99',
    );
  });

  it('is just "refunded" when the whole total went back', () => {
    expect(orderStatusText({ status: 'refunded', refunded: 64.99, total: 64.99 })).toBe('refunded');
  });
});
