-- Core tables: accounts, sessions, plans, subscriptions and licences.
-- Plain PostgreSQL 15 (no extension), so PGlite and a real server run the same file.

CREATE TABLE server_secrets (
  name text PRIMARY KEY,
  value text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE customers (
  id text PRIMARY KEY,
  email text NOT NULL,
  password_hash text NOT NULL,
  first_name text NOT NULL,
  last_name text NOT NULL,
  phone text,
  company_name text,
  shop_domain text NOT NULL,
  stripe_customer_id text UNIQUE,
  newsletter boolean NOT NULL DEFAULT false,
  preferences jsonb NOT NULL DEFAULT '{"theme":"light","language":"fr","notifications":true}',
  billing jsonb,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
-- Emails compare case-insensitively (what citext would give, without the extension).
CREATE UNIQUE INDEX customers_email_key ON customers (lower(email));
CREATE UNIQUE INDEX customers_shop_domain_key ON customers (shop_domain);

CREATE TABLE admins (
  id text PRIMARY KEY,
  email text NOT NULL,
  password_hash text NOT NULL,
  first_name text NOT NULL,
  last_name text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX admins_email_key ON admins (lower(email));

-- One row per issued refresh token; a family is one login session across rotations.
CREATE TABLE refresh_tokens (
  id text PRIMARY KEY,
  family_id text NOT NULL,
  account_kind text NOT NULL CHECK (account_kind IN ('customer', 'admin')),
  account_id text NOT NULL,
  token_hash text NOT NULL UNIQUE,
  used_at timestamptz,
  revoked_at timestamptz,
  expires_at timestamptz NOT NULL,
  family_expires_at timestamptz NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX refresh_tokens_family_idx ON refresh_tokens (family_id);
CREATE INDEX refresh_tokens_account_idx ON refresh_tokens (account_kind, account_id);

CREATE TABLE password_resets (
  token_hash text PRIMARY KEY,
  account_kind text NOT NULL CHECK (account_kind IN ('customer', 'admin')),
  account_id text NOT NULL,
  expires_at timestamptz NOT NULL,
  used_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);

-- Mails the product would send; there is no mail server, so they are kept here and logged.
CREATE TABLE outbox (
  id text PRIMARY KEY,
  kind text NOT NULL,
  recipient text NOT NULL,
  payload jsonb NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);

-- Failed-login counters per key ('account:<email>' or 'address:<ip>'), one fixed window each.
CREATE TABLE login_attempts (
  key text PRIMARY KEY,
  window_start timestamptz NOT NULL,
  failures integer NOT NULL
);

CREATE TABLE plans (
  id text PRIMARY KEY,
  name text NOT NULL,
  description text NOT NULL,
  active boolean NOT NULL DEFAULT true,
  features jsonb NOT NULL DEFAULT '[]',
  max_licenses integer NOT NULL CHECK (max_licenses >= 1),
  duration_months integer NOT NULL DEFAULT 1,
  popular boolean NOT NULL DEFAULT false,
  popular_text text,
  stripe_product_id text,
  monthly_price_cents integer NOT NULL CHECK (monthly_price_cents >= 0),
  yearly_price_cents integer NOT NULL CHECK (yearly_price_cents >= 0),
  cta_text text,
  note text,
  sort_order integer NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE prices (
  id text PRIMARY KEY,
  plan_id text NOT NULL REFERENCES plans (id),
  interval text NOT NULL CHECK (interval IN ('month', 'year')),
  unit_amount integer NOT NULL CHECK (unit_amount >= 0),
  UNIQUE (plan_id, interval)
);

CREATE TABLE subscriptions (
  id text PRIMARY KEY,
  customer_id text NOT NULL UNIQUE REFERENCES customers (id) ON DELETE CASCADE,
  plan_id text NOT NULL REFERENCES plans (id),
  billing_cycle text NOT NULL CHECK (billing_cycle IN ('monthly', 'yearly')),
  status text NOT NULL,
  provider_subscription_id text UNIQUE,
  checkout_session_id text UNIQUE,
  current_period_end timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE licences (
  id text PRIMARY KEY,
  customer_id text NOT NULL REFERENCES customers (id) ON DELETE CASCADE,
  custom_domain text NOT NULL UNIQUE,
  shop_domain text NOT NULL,
  theme_name text NOT NULL,
  status text NOT NULL,
  expires_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX licences_customer_idx ON licences (customer_id, created_at);
