import { CONTROL_CHARACTERS_MESSAGE } from '@sprout/contracts';
import { isDatabaseUnavailable } from '@sprout/db';
import { describe, expect, it } from 'vitest';
import { inProcessCatalogue } from './catalogue.server';

describe('the in-process catalogue', () => {
  it('refuses a control character in a query as the API does (422), before any read', async () => {
    const asked: unknown[] = [];
    const read = async (query?: unknown) => {
      asked.push(query);
      return { value: { data: [] } };
    };
    const catalogue = inProcessCatalogue(
      {
        products: read,
        menus: read,
        indicators: read,
        tags: read,
        bestsellers: read,
        productCards: read,
        blog: { post: read, categories: read },
      },
      isDatabaseUnavailable,
    );
    for (const query of [
      { tags: ['dairy-free', 'a\u0000b'] },
      { menu_item: '\u0001' },
      { promoCode: 'X\u007f' },
    ]) {
      await expect(catalogue.products(query)).rejects.toMatchObject({
        status: 422,
        body: { message: CONTROL_CHARACTERS_MESSAGE },
      });
    }
    expect(asked).toEqual([]);
    await expect(catalogue.products({ tags: ['dairy-free'] })).resolves.toEqual({ data: [] });
    expect(asked).toHaveLength(1);
    // A post's slug comes from the address: the same rule, so a NUL never reaches PostgreSQL.
    await expect(catalogue.blogPost('a\u0000b')).rejects.toMatchObject({ status: 422 });
    await expect(catalogue.productCards({ slugs: ['x'], abandonedCartId: '\u0000' })).rejects.toMatchObject({
      status: 422,
    });
    expect(asked).toHaveLength(1);
  });
});
