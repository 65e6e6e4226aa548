-- Limits that count outcomes (a card's declines) no longer count attempts in flight, and
-- a repeated purchase key waits for its purchase instead of asking the provider again
-- (decisions 012 and 024). Before: the card's decline slot was taken when an attempt opened and given
-- back when it settled, so five attempts in flight with a good card made a sixth a "declined too many
-- times" (50 simultaneous checkouts with 4242: 45 refused). Gift card look-ups took a "miss" slot
-- before looking and gave it back after, so ten look-ups of a valid code in flight refused the
-- eleventh as a guesser.

-- A slot held by an attempt whose outcome is not known yet (the provider is being asked). It keeps
-- room in its window, so parallel attempts still cannot all slip past the limit, but it is not an
-- event of the limit's kind until it is kept (a decline). Rows written before this column are events.
ALTER TABLE "auth_events" ADD COLUMN "in_flight" boolean DEFAULT false NOT NULL;
--> statement-breakpoint

-- The request asking the provider for this purchase, until then: a request with the same key waits
-- for its outcome instead of asking again (NULL: nobody, or a row from before this column).
ALTER TABLE "gift_card_purchases" ADD COLUMN "processing_until" timestamp with time zone;
--> statement-breakpoint

-- A slot of a limit that counts outcomes, for an attempt in flight (limits module, auth_events).
-- Under the subject's advisory lock (the same as take_limit_slot's, so both kinds of taker
-- serialise), with a fresh snapshot per statement:
--   'full' when the window's events reach p_max (the only refusal: real outcomes only);
--   'busy' when events and attempts in flight together reach it (the caller waits for one to settle);
--   'taken' with the new in-flight slot's id otherwise.
-- An attempt in flight longer than p_in_flight_minutes (longer than any provider call: its process
-- died before it settled) counts as an event: an ask without an answer may have been a decline, as
-- before this migration.
CREATE OR REPLACE FUNCTION take_in_flight_limit_slot(
  p_kind text, p_subject text, p_max integer, p_window_minutes integer, p_in_flight_minutes integer)
RETURNS TABLE (o_outcome text, o_slot integer) LANGUAGE plpgsql VOLATILE AS $$
DECLARE
  v_counted integer;
  v_in_flight integer;
  v_slot integer;
BEGIN
  PERFORM pg_advisory_xact_lock(hashtext(p_kind || ':' || p_subject));
  SELECT count(*) FILTER (WHERE NOT e.in_flight OR e.created_at <= now() - make_interval(mins => p_in_flight_minutes)),
         count(*) FILTER (WHERE e.in_flight AND e.created_at > now() - make_interval(mins => p_in_flight_minutes))
    INTO v_counted, v_in_flight
    FROM auth_events e
    WHERE e.kind = p_kind AND e.subject = p_subject
      AND e.created_at > now() - make_interval(mins => p_window_minutes);
  IF v_counted >= p_max THEN
    RETURN QUERY SELECT 'full'::text, NULL::integer;
    RETURN;
  END IF;
  IF v_counted + v_in_flight >= p_max THEN
    RETURN QUERY SELECT 'busy'::text, NULL::integer;
    RETURN;
  END IF;
  INSERT INTO auth_events (kind, subject, in_flight) VALUES (p_kind, p_subject, true) RETURNING id INTO v_slot;
  RETURN QUERY SELECT 'taken'::text, v_slot;
END $$;
--> statement-breakpoint

-- The attempt's outcome counts (a decline): its in-flight slot becomes an event, from now (limits module).
CREATE OR REPLACE FUNCTION keep_limit_slot(p_id integer)
RETURNS void LANGUAGE sql VOLATILE AS $$
  UPDATE auth_events SET in_flight = false, created_at = now() WHERE id = p_id
$$;
--> statement-breakpoint

-- Room for p_needed more events in the window? Takes the subject's advisory lock first (held until
-- the caller's transaction ends), so the caller can look and record what it found before the next
-- caller counts (limits module).
CREATE OR REPLACE FUNCTION limit_window_has_room(
  p_kind text, p_subject text, p_max integer, p_window_minutes integer, p_needed integer)
RETURNS boolean LANGUAGE plpgsql VOLATILE AS $$
BEGIN
  PERFORM pg_advisory_xact_lock(hashtext(p_kind || ':' || p_subject));
  RETURN (SELECT count(*) FROM auth_events e
    WHERE e.kind = p_kind AND e.subject = p_subject
      AND e.created_at > now() - make_interval(mins => p_window_minutes)) + p_needed <= p_max;
END $$;
--> statement-breakpoint

-- p_count events of a kind (limits module).
CREATE OR REPLACE FUNCTION record_limit_events(p_kind text, p_subject text, p_count integer)
RETURNS void LANGUAGE sql VOLATILE AS $$
  INSERT INTO auth_events (kind, subject) SELECT p_kind, p_subject FROM generate_series(1, p_count)
$$;
--> statement-breakpoint

-- Typed gift card codes (their hashes; '' for a code that cannot be one) looked up under the
-- client's guessing limit, in one statement (gift cards module): refused (one row, o_limited) when
-- the window has no room for every code, before looking; otherwise the cards found, and one
-- gift_card_miss event for each code that matched none. Only misses are ever written, so look-ups of
-- valid codes, however many at once, never count as guesses.
CREATE OR REPLACE FUNCTION look_up_gift_card_codes(
  p_hashes text[], p_subject text, p_max integer, p_window_minutes integer)
RETURNS TABLE (o_limited boolean, o_id integer, o_code_hash text, o_code_suffix text,
  o_balance_cents integer, o_owner_user_id integer, o_voided_at timestamptz, o_expires_at timestamptz)
LANGUAGE plpgsql VOLATILE AS $$
DECLARE
  v_found text[];
BEGIN
  IF NOT limit_window_has_room('gift_card_miss', p_subject, p_max, p_window_minutes, cardinality(p_hashes)) THEN
    RETURN QUERY SELECT true, NULL::integer, NULL::text, NULL::text, NULL::integer, NULL::integer,
      NULL::timestamptz, NULL::timestamptz;
    RETURN;
  END IF;
  SELECT coalesce(array_agg(c.code_hash), '{}') INTO v_found FROM gift_cards c WHERE c.code_hash = ANY (p_hashes);
  PERFORM record_limit_events('gift_card_miss', p_subject,
    (SELECT count(*)::integer FROM unnest(p_hashes) AS typed(hash) WHERE NOT (typed.hash = ANY (v_found))));
  RETURN QUERY SELECT false, c.id, c.code_hash, c.code_suffix, c.balance_cents, c.owner_user_id,
      c.voided_at, c.expires_at
    FROM gift_cards c WHERE c.code_hash = ANY (v_found);
END $$;
--> statement-breakpoint

-- 0021's open_checkout_attempt, counting real declines only (checkout module). Serialised per cart:
--   1. the address's limit, as in 0021;
--   2. the key's existing attempt: 'existing';
--   3. the cart: 'limited' at p_max declines (or asks unanswered for longer than p_in_flight_minutes);
--      'cart_busy' when its attempts in flight fill the rest (the caller waits for one to settle);
--   4. the card's slot through take_in_flight_limit_slot: 'card_limited' at its limit of declines,
--      'card_busy' while attempts in flight fill it; neither writes an attempt;
--   5. a new pending attempt: 'opened', with the card's in-flight slot to settle.
-- 0021's version stays for replicas still running the code before this migration.
CREATE OR REPLACE FUNCTION open_checkout_attempt(
  p_key text, p_cart_id uuid, p_amount_cents integer, p_provider_request jsonb,
  p_max integer, p_window_minutes integer,
  p_address_subject text, p_address_max integer, p_address_window_minutes integer,
  p_card_subject text, p_card_max integer, p_card_window_minutes integer,
  p_in_flight_minutes integer)
RETURNS TABLE (o_outcome text, o_status text, o_amount_cents integer, o_card_slot integer)
LANGUAGE plpgsql VOLATILE AS $$
DECLARE
  v_declined integer;
  v_in_flight integer;
  v_card_outcome text;
  v_slot integer;
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
  SELECT count(*) FILTER (WHERE a.status = 'declined'
           OR a.created_at <= now() - make_interval(mins => p_in_flight_minutes)),
         count(*) FILTER (WHERE a.status = 'pending'
           AND a.created_at > now() - make_interval(mins => p_in_flight_minutes))
    INTO v_declined, v_in_flight
    FROM checkout_attempts a
    WHERE a.abandoned_cart_id = p_cart_id AND a.status IN ('pending', 'declined')
      AND a.created_at > now() - make_interval(mins => p_window_minutes);
  IF v_declined >= p_max THEN
    RETURN QUERY SELECT 'limited'::text, NULL::text, NULL::integer, NULL::integer;
    RETURN;
  END IF;
  IF v_declined + v_in_flight >= p_max THEN
    RETURN QUERY SELECT 'cart_busy'::text, NULL::text, NULL::integer, NULL::integer;
    RETURN;
  END IF;
  IF p_card_subject IS NOT NULL THEN
    SELECT t.o_outcome, t.o_slot INTO v_card_outcome, v_slot
      FROM take_in_flight_limit_slot('payment_declined', p_card_subject, p_card_max, p_card_window_minutes,
        p_in_flight_minutes) t;
    IF v_card_outcome <> 'taken' THEN
      RETURN QUERY SELECT CASE v_card_outcome WHEN 'full' THEN 'card_limited' ELSE 'card_busy' END,
        NULL::text, NULL::integer, NULL::integer;
      RETURN;
    END IF;
  END IF;
  INSERT INTO checkout_attempts (idempotency_key, abandoned_cart_id, amount_cents, status, provider_request)
    VALUES (p_key, p_cart_id, p_amount_cents, 'pending', p_provider_request);
  RETURN QUERY SELECT 'opened'::text, 'pending'::text, p_amount_cents, v_slot;
END $$;
--> statement-breakpoint

-- 0021's settle_checkout_attempt, settling the card's slot by the answer (checkout module): a
-- decline keeps it (now a decline of the card), any other answer gives it back. 0021's callers pass
-- a slot only with an authorization, so they get what they got before.
DROP FUNCTION IF EXISTS settle_checkout_attempt(text, text, text, integer);
--> statement-breakpoint
CREATE FUNCTION settle_checkout_attempt(
  p_key text, p_payment_intent_id text, p_status text, p_card_slot integer)
RETURNS boolean LANGUAGE plpgsql VOLATILE AS $$
DECLARE
  settled boolean;
BEGIN
  UPDATE checkout_attempts SET payment_intent_id = p_payment_intent_id, status = p_status, updated_at = now()
    WHERE idempotency_key = p_key AND status IN ('pending', p_status);
  settled := FOUND;
  IF p_card_slot IS NOT NULL THEN
    IF p_status = 'declined' THEN
      PERFORM keep_limit_slot(p_card_slot);
    ELSE
      PERFORM give_back_limit_slot(p_card_slot);
    END IF;
  END IF;
  RETURN settled;
END $$;
