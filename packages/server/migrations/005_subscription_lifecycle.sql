-- The subscription lifecycle (see docs/product.md, 'Subscription lifecycle'): the signup's free
-- trial, cancelling at the period's end, renewals and failed payments, and the sandbox's test clock.

-- `status` stores 'trialing', 'active', 'past_due' or 'canceled'; 'trial_ended' and a lapsed
-- cancellation are worked out when read, from the clock.
ALTER TABLE subscriptions
  ADD COLUMN trial_end timestamptz,
  ADD COLUMN cancel_at_period_end boolean NOT NULL DEFAULT false,
  -- The 'trial ends in 2 days' mail went out (sent once per trial).
  ADD COLUMN trial_reminder_sent_at timestamptz;

-- The reminder sweep's scan: trials not reminded yet, by end.
CREATE INDEX subscriptions_trial_reminder ON subscriptions (trial_end)
  WHERE status = 'trialing' AND trial_reminder_sent_at IS NULL;

-- The mails sent for a provider invoice (a receipt when paid, a warning when the payment failed):
-- one per invoice and kind, whichever events and replays announce it.
CREATE TABLE invoice_mails (
  invoice_id text NOT NULL,
  kind text NOT NULL,
  customer_id text REFERENCES customers (id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (invoice_id, kind)
);

-- The sandbox provider's test clock, one per provider customer (as Stripe's test clocks), so
-- parallel tests never move each other's time: null runs on the real time.
ALTER TABLE sandbox_customers ADD COLUMN test_clock timestamptz;

-- The sandbox provider's invoices: renewals (paid or failed) and the prorations a plan change
-- leaves for the next invoice (amount may be negative: a credit).
CREATE TABLE sandbox_invoices (
  id text PRIMARY KEY,
  subscription_id text NOT NULL REFERENCES sandbox_subscriptions (id),
  kind text NOT NULL CHECK (kind IN ('renewal', 'proration')),
  price_id text NOT NULL REFERENCES prices (id),
  amount integer NOT NULL,
  status text NOT NULL CHECK (status IN ('paid', 'open', 'pending')),
  -- For a proration: the renewal invoice that charged it.
  invoiced_in text REFERENCES sandbox_invoices (id),
  created_at timestamptz NOT NULL
);
CREATE INDEX sandbox_invoices_subscription_idx ON sandbox_invoices (subscription_id, created_at);
