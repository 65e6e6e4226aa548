/** What checkout drives the payment fields with, whichever provider renders them. */
export type PaymentFieldsHandle = {
  /** Validates the card fields (showing field errors inline) and returns the provider's payment method id, or an error message to show. */
  createPaymentMethod(): Promise<{ id: string } | { error: string }>;
  /**
   * Completes an extra step (3-D Secure) for an intent, or for a card setup (a `seti_` id: a first
   * box that costs $0 saves the card); resolves when the customer finished it. `amount` (dollars)
   * is the intent's own, from the server's answer: what the bank asks to confirm (0 for a setup).
   */
  handleNextAction(input: {
    paymentIntentId: string;
    clientSecret: string;
    amount: number;
  }): Promise<{ ok: true } | { error: string }>;
};
