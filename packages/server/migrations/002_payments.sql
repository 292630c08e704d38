-- Payments: checkout sessions (the onboarding gate), the sandbox provider's own state, and
-- provider events already handled. Plain PostgreSQL 15, shared by PGlite and a real server.

-- Every checkout session the server created, whichever provider hosts it. For the sandbox this
-- row IS the provider's state; for Stripe it mirrors the provider's answer. `used_at` and
-- `customer_id` make one paid session create one account only.
CREATE TABLE checkout_sessions (
  id text PRIMARY KEY,
  provider text NOT NULL CHECK (provider IN ('sandbox', 'stripe')),
  plan_id text NOT NULL REFERENCES plans (id),
  price_id text NOT NULL REFERENCES prices (id),
  billing_cycle text NOT NULL CHECK (billing_cycle IN ('monthly', 'yearly')),
  amount_total integer NOT NULL CHECK (amount_total >= 0),
  currency text NOT NULL DEFAULT 'eur' CHECK (currency = 'eur'),
  status text NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'complete', 'expired')),
  payment_status text NOT NULL DEFAULT 'unpaid' CHECK (payment_status IN ('unpaid', 'paid')),
  success_url text NOT NULL,
  cancel_url text NOT NULL,
  customer_email text,
  provider_customer_id text,
  provider_subscription_id text,
  expires_at timestamptz NOT NULL,
  paid_at timestamptz,
  used_at timestamptz,
  customer_id text UNIQUE REFERENCES customers (id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);

-- Sandbox customer-portal sessions: the id in the URL is the capability, short-lived.
CREATE TABLE sandbox_portal_sessions (
  id text PRIMARY KEY,
  provider_customer_id text NOT NULL,
  return_url text NOT NULL,
  expires_at timestamptz NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE sandbox_customers (
  id text PRIMARY KEY,
  email text NOT NULL,
  name text,
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE sandbox_subscriptions (
  id text PRIMARY KEY,
  customer_id text NOT NULL REFERENCES sandbox_customers (id),
  price_id text NOT NULL REFERENCES prices (id),
  status text NOT NULL CHECK (status IN ('active', 'canceled', 'past_due')),
  current_period_end timestamptz NOT NULL,
  cancel_at_period_end boolean NOT NULL DEFAULT false,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX sandbox_subscriptions_customer_idx ON sandbox_subscriptions (customer_id, created_at);

-- Provider events already processed: a replayed event id changes nothing.
CREATE TABLE webhook_events (
  id text PRIMARY KEY,
  type text NOT NULL,
  received_at timestamptz NOT NULL DEFAULT now()
);
