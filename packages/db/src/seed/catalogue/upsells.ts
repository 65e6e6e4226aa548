/** Add-ons offered at checkout, most prominent first: grab-and-go snacks and smoothies. */
export const checkoutUpsells = [
  { sku: 'SS-SNK-001', sortingWeight: 60, maxQuantity: 6 },
  { sku: 'SS-SNK-006', sortingWeight: 50, maxQuantity: 6 },
  { sku: 'SS-SMO-001', sortingWeight: 40, maxQuantity: 6 },
  { sku: 'SS-SNK-004', sortingWeight: 30, maxQuantity: 6 },
  { sku: 'SS-SMO-004', sortingWeight: 20, maxQuantity: 6 },
  { sku: 'SS-SNK-005', sortingWeight: 10, maxQuantity: 6 },
] as const;
