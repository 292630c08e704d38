-- Buying while signed in (see docs/product.md, 'Purchase paths'): a checkout session belongs to
-- the account that opened it from creation, an account may buy again later, and the purchase
-- mails go out once per session.

-- An account buys again after its subscription ended: several sessions per account. The name is
-- PostgreSQL's own for the column's inline UNIQUE of 002 (the same on PGlite).
ALTER TABLE checkout_sessions DROP CONSTRAINT checkout_sessions_customer_id_key;

ALTER TABLE checkout_sessions
  -- The provider's page, so a second click answers the same open session.
  ADD COLUMN url text,
  -- When the session became the account's subscription (by attach, webhook or onboarding):
  -- a second arrival changes nothing.
  ADD COLUMN attached_at timestamptz,
  -- The receipt and, for a visitor's payment, the account-creation link were queued.
  ADD COLUMN receipt_sent_at timestamptz,
  ADD COLUMN onboarding_mail_sent_at timestamptz;

-- Sessions paid before this migration were fulfilled the old way: no mail is sent for them now,
-- and those that created an account are attached.
UPDATE checkout_sessions SET receipt_sent_at = paid_at, onboarding_mail_sent_at = paid_at
  WHERE payment_status = 'paid';
UPDATE checkout_sessions SET attached_at = used_at
  WHERE customer_id IS NOT NULL AND used_at IS NOT NULL;

-- One open session per account, plan and cycle: of two concurrent clicks one row wins and the
-- other answers it.
CREATE UNIQUE INDEX checkout_sessions_open_per_customer
  ON checkout_sessions (customer_id, plan_id, billing_cycle)
  WHERE status = 'open' AND customer_id IS NOT NULL;

-- The resend-link lookup: a visitor's paid sessions by email.
CREATE INDEX checkout_sessions_email_idx ON checkout_sessions (lower(customer_email))
  WHERE customer_id IS NULL;
