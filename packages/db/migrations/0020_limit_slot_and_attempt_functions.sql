-- Two check-and-take steps in one statement each (checkout's statement budget, decision 022).
-- Each was a transaction of four or five statements: an advisory lock, a count, an insert. A
-- VOLATILE PL/pgSQL function runs each of its statements with a fresh snapshot (READ COMMITTED), so
-- the count after the lock sees every row the lock's previous holder committed: parallel callers
-- still cannot all see "4 of 5" and all go ahead. The lock is the transaction's: held until the
-- caller's commit (the statement's own when it runs alone), when its row becomes visible.

-- A slot of a sliding-window limit (limits module, auth_events): its id, or NULL when the window is full.
CREATE OR REPLACE FUNCTION take_limit_slot(p_kind text, p_subject text, p_max integer, p_window_minutes integer)
RETURNS integer LANGUAGE plpgsql VOLATILE AS $$
DECLARE
  taken integer;
BEGIN
  PERFORM pg_advisory_xact_lock(hashtext(p_kind || ':' || p_subject));
  IF (SELECT count(*) FROM auth_events e
      WHERE e.kind = p_kind AND e.subject = p_subject
        AND e.created_at > now() - make_interval(mins => p_window_minutes)) >= p_max THEN
    RETURN NULL;
  END IF;
  INSERT INTO auth_events (kind, subject) VALUES (p_kind, p_subject) RETURNING id INTO taken;
  RETURN taken;
END $$;
--> statement-breakpoint

-- A checkout attempt written before the provider is asked (checkout module, checkout_attempts),
-- serialised per cart: the key's existing attempt, 'limited' when the cart had p_max declines or
-- unanswered asks in the window, or 'opened' with a new pending attempt.
CREATE OR REPLACE FUNCTION open_checkout_attempt(
  p_key text, p_cart_id uuid, p_amount_cents integer, p_provider_request jsonb,
  p_max integer, p_window_minutes integer)
RETURNS TABLE (o_outcome text, o_status text, o_amount_cents integer) LANGUAGE plpgsql VOLATILE AS $$
BEGIN
  PERFORM pg_advisory_xact_lock(hashtext('checkout-attempts:' || p_cart_id::text));
  RETURN QUERY SELECT 'existing'::text, a.status, a.amount_cents
    FROM checkout_attempts a WHERE a.idempotency_key = p_key;
  IF FOUND THEN
    RETURN;
  END IF;
  IF (SELECT count(*) FROM checkout_attempts a
      WHERE a.abandoned_cart_id = p_cart_id AND a.status IN ('pending', 'declined')
        AND a.created_at > now() - make_interval(mins => p_window_minutes)) >= p_max THEN
    RETURN QUERY SELECT 'limited'::text, NULL::text, NULL::integer;
    RETURN;
  END IF;
  INSERT INTO checkout_attempts (idempotency_key, abandoned_cart_id, amount_cents, status, provider_request)
    VALUES (p_key, p_cart_id, p_amount_cents, 'pending', p_provider_request);
  RETURN QUERY SELECT 'opened'::text, 'pending'::text, p_amount_cents;
END $$;
