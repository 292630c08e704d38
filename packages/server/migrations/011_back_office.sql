-- The back office (see docs/product.md, 'Back office'): the journal, the licences' versions and the
-- indexes of the admins' searches.

-- The journal: every admin action and lifecycle event, appended in the transaction of the change
-- it records and never changed nor deleted (the trigger below; TRUNCATE, which only the tests'
-- reset runs, changes no row). No foreign key: an event outlives its customer, licence or release.
CREATE TABLE journal (
  seq bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  -- When it happened: now for a change, a trial's or a period's end for what the clock ended.
  at timestamptz NOT NULL,
  recorded_at timestamptz NOT NULL DEFAULT now(),
  type text NOT NULL,
  actor_kind text NOT NULL CHECK (actor_kind IN ('admin', 'customer', 'provider', 'system')),
  actor_id text,
  customer_id text,
  licence_id text,
  release_id text,
  reason text,
  -- Money events: the plan and cycle after, the amount the provider recorded, and the customer's
  -- monthly recurring revenue before and after (cents; docs/product.md, 'Back office').
  plan_id text,
  billing_cycle text CHECK (billing_cycle IN ('monthly', 'yearly')),
  amount_cents integer,
  mrr_before_cents integer,
  mrr_after_cents integer,
  details jsonb NOT NULL DEFAULT '{}',
  -- The change an event records when it may be announced again (a provider's invoice or
  -- subscription, what the clock ended): a second announcement records nothing.
  once_key text UNIQUE
);
-- Newest first, for everyone, for a customer, for a licence, for a type.
CREATE INDEX journal_at_idx ON journal (at DESC, seq DESC);
CREATE INDEX journal_customer_idx ON journal (customer_id, at DESC, seq DESC)
  WHERE customer_id IS NOT NULL;
CREATE INDEX journal_licence_idx ON journal (licence_id, at DESC, seq DESC)
  WHERE licence_id IS NOT NULL;
CREATE INDEX journal_type_idx ON journal (type, at DESC, seq DESC);

CREATE FUNCTION journal_refuses_changes() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'the journal is append-only: % refused', TG_OP
    USING ERRCODE = 'insufficient_privilege';
END
$$;
CREATE TRIGGER journal_append_only BEFORE UPDATE OR DELETE ON journal
  FOR EACH ROW EXECUTE FUNCTION journal_refuses_changes();

-- The suspensions journaled by the licence verification move into the journal: one home.
INSERT INTO journal (at, recorded_at, type, actor_kind, actor_id, customer_id, licence_id, reason,
  details)
SELECT s.created_at, s.created_at,
  CASE s.action WHEN 'suspend' THEN 'licence_suspended' ELSE 'licence_reinstated' END,
  CASE WHEN s.admin_id IS NULL THEN 'system' ELSE 'admin' END, s.admin_id, l.customer_id,
  s.licence_id, s.reason,
  jsonb_build_object('custom_domain', l.custom_domain, 'shop_domain', l.shop_domain)
FROM licence_suspensions s JOIN licences l ON l.id = s.licence_id
ORDER BY s.created_at, s.id;
DROP TABLE licence_suspensions;

-- Moves on with every change of a licence but the theme's reports: an admin's write names the
-- version it read, so two admins at once cannot leave a state neither chose.
ALTER TABLE licences ADD COLUMN version integer NOT NULL DEFAULT 1;

-- The searches (the beginning of a value, lower-cased): text_pattern_ops lets LIKE 'abc%' use
-- the index whatever the database's collation.
CREATE INDEX customers_email_search ON customers (lower(email) text_pattern_ops);
CREATE INDEX customers_email_domain_search
  ON customers (split_part(lower(email), '@', 2) text_pattern_ops);
CREATE INDEX customers_first_name_search ON customers (lower(first_name) text_pattern_ops);
CREATE INDEX customers_last_name_search ON customers (lower(last_name) text_pattern_ops);
CREATE INDEX customers_full_name_search
  ON customers (lower(first_name || ' ' || last_name) text_pattern_ops);
CREATE INDEX customers_company_search ON customers (lower(company_name) text_pattern_ops);
CREATE INDEX customers_shop_search ON customers (shop_domain text_pattern_ops);
CREATE INDEX customers_created_idx ON customers (created_at DESC, id);
CREATE INDEX licences_custom_domain_search ON licences (custom_domain text_pattern_ops);
CREATE INDEX licences_bare_domain_search
  ON licences (regexp_replace(custom_domain, '^www\.', '') text_pattern_ops);
CREATE INDEX licences_shop_search ON licences (shop_domain text_pattern_ops);
CREATE INDEX licences_created_idx ON licences (created_at DESC, id);
-- Payments awaiting their account, by email.
CREATE INDEX checkout_sessions_pending_search ON checkout_sessions (lower(customer_email) text_pattern_ops)
  WHERE payment_status = 'paid' AND customer_id IS NULL AND used_at IS NULL;

-- A customer's mails, newest first.
CREATE INDEX outbox_recipient_idx ON outbox (lower(recipient), created_at DESC);
