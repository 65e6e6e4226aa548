-- Checkout's decline limits taken by the statement that opens the attempt (checkout's
-- statement budget, decision 022; decision 012 "Decline limits in the attempt's statements"). Before, opening an attempt
-- was three statements: the cart's declines (for the address limit), open_checkout_attempt, and
-- take_limit_slot for the card. This overload of open_checkout_attempt does all three under the
-- cart's advisory lock; 0020's shorter version stays for replicas still running
-- the code before this migration (a rolling deploy) and may be dropped later. Settling the attempt
-- after the provider's answer gives the card's slot back in the same statement (one fewer again).
-- Checkout's functions call the limits module's functions, never its table (decision 020's
-- ownership, kept in SQL).

-- Read-only: is this sliding window full? (limits module, auth_events; the SQL twin of
-- limits.isExhausted, so other modules' functions never read auth_events themselves)
CREATE OR REPLACE FUNCTION limit_is_exhausted(p_kind text, p_subject text, p_max integer, p_window_minutes integer)
RETURNS boolean LANGUAGE sql STABLE AS $$
  SELECT count(*) >= p_max FROM auth_events e
  WHERE e.kind = p_kind AND e.subject = p_subject
    AND e.created_at > now() - make_interval(mins => p_window_minutes)
$$;
--> statement-breakpoint

-- Serialised per cart, in this order (the workflow's order before, kept):
--   1. an address (p_address_subject, NULL for none) at its limit stops only a cart that had a
--      decline itself in the window: 'address_limited';
--   2. the key's existing attempt: 'existing' with its status and amount;
--   3. the cart at p_max declines or unanswered asks: 'limited';
--   4. the card's slot (p_card_subject, NULL when the provider gives no fingerprint) taken through
--      the limits module's take_limit_slot: 'card_limited' when its window is full, and then no
--      attempt is written (nothing was asked);
--   5. otherwise a new pending attempt: 'opened', with the card slot's id to give back later.
CREATE OR REPLACE FUNCTION open_checkout_attempt(
  p_key text, p_cart_id uuid, p_amount_cents integer, p_provider_request jsonb,
  p_max integer, p_window_minutes integer,
  p_address_subject text, p_address_max integer, p_address_window_minutes integer,
  p_card_subject text, p_card_max integer, p_card_window_minutes integer)
RETURNS TABLE (o_outcome text, o_status text, o_amount_cents integer, o_card_slot integer)
LANGUAGE plpgsql VOLATILE AS $$
DECLARE
  slot integer;
BEGIN
  PERFORM pg_advisory_xact_lock(hashtext('checkout-attempts:' || p_cart_id::text));
  IF p_address_subject IS NOT NULL
    AND EXISTS (SELECT 1 FROM checkout_attempts a
      WHERE a.abandoned_cart_id = p_cart_id AND a.status = 'declined'
        AND a.created_at > now() - make_interval(mins => p_window_minutes))
    AND limit_is_exhausted('payment_declined', p_address_subject, p_address_max, p_address_window_minutes) THEN
    RETURN QUERY SELECT 'address_limited'::text, NULL::text, NULL::integer, NULL::integer;
    RETURN;
  END IF;
  RETURN QUERY SELECT 'existing'::text, a.status, a.amount_cents, NULL::integer
    FROM checkout_attempts a WHERE a.idempotency_key = p_key;
  IF FOUND THEN
    RETURN;
  END IF;
  IF (SELECT count(*) FROM checkout_attempts a
      WHERE a.abandoned_cart_id = p_cart_id AND a.status IN ('pending', 'declined')
        AND a.created_at > now() - make_interval(mins => p_window_minutes)) >= p_max THEN
    RETURN QUERY SELECT 'limited'::text, NULL::text, NULL::integer, NULL::integer;
    RETURN;
  END IF;
  IF p_card_subject IS NOT NULL THEN
    slot := take_limit_slot('payment_declined', p_card_subject, p_card_max, p_card_window_minutes);
    IF slot IS NULL THEN
      RETURN QUERY SELECT 'card_limited'::text, NULL::text, NULL::integer, NULL::integer;
      RETURN;
    END IF;
  END IF;
  INSERT INTO checkout_attempts (idempotency_key, abandoned_cart_id, amount_cents, status, provider_request)
    VALUES (p_key, p_cart_id, p_amount_cents, 'pending', p_provider_request);
  RETURN QUERY SELECT 'opened'::text, 'pending'::text, p_amount_cents, slot;
END $$;
--> statement-breakpoint

-- Gives a slot back (limits module, auth_events; the SQL twin of limits.release).
CREATE OR REPLACE FUNCTION give_back_limit_slot(p_id integer)
RETURNS void LANGUAGE sql VOLATILE AS $$
  DELETE FROM auth_events WHERE id = p_id
$$;
--> statement-breakpoint

-- The provider's answer for a pending attempt (checkout module), and the card's decline slot given
-- back by the same statement when the answer is not a decline: true when the attempt was settled,
-- false when it ended meanwhile (the slot is given back either way).
CREATE OR REPLACE FUNCTION settle_checkout_attempt(
  p_key text, p_payment_intent_id text, p_status text, p_give_back_slot integer)
RETURNS boolean LANGUAGE plpgsql VOLATILE AS $$
DECLARE
  settled boolean;
BEGIN
  UPDATE checkout_attempts SET payment_intent_id = p_payment_intent_id, status = p_status, updated_at = now()
    WHERE idempotency_key = p_key AND status IN ('pending', p_status);
  settled := FOUND;
  IF p_give_back_slot IS NOT NULL THEN
    PERFORM give_back_limit_slot(p_give_back_slot);
  END IF;
  RETURN settled;
END $$;
