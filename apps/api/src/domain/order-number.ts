/** An order's number as customers read it: its order pages, its emails and the boxes it paid show it. */
export function orderNumber(orderId: number): string {
  return `SS-${100_000 + orderId}`;
}
