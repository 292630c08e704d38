-- The theme's releases (see docs/product.md, 'Theme releases'): each version with its notes and
-- its archive, the mails announcing it, the end of the periods a customer paid for (an ended
-- subscription keeps the releases published by then), and the merged updates waiting to be
-- downloaded.

-- One row per version. The archive is stored as served, stamped with this portal's licence
-- configuration; `size` and `sha256` are its own. A release is never changed once stored but
-- for its download count.
CREATE TABLE theme_releases (
  version text PRIMARY KEY,
  released_at timestamptz NOT NULL,
  notes text NOT NULL,
  filename text NOT NULL UNIQUE,
  size integer NOT NULL CHECK (size > 0),
  sha256 text NOT NULL CHECK (sha256 ~ '^[0-9a-f]{64}$'),
  archive bytea NOT NULL,
  -- The admin who published it; null for a version seeded from the theme package at start-up.
  published_by text REFERENCES admins (id) ON DELETE SET NULL,
  downloads bigint NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL DEFAULT now()
);

-- The release mail, once per release and customer, whichever replica or retry queues it.
CREATE TABLE theme_release_mails (
  version text NOT NULL REFERENCES theme_releases (version) ON DELETE CASCADE,
  customer_id text NOT NULL REFERENCES customers (id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL,
  PRIMARY KEY (version, customer_id)
);

-- The end of the last period paid for, raised whenever the subscription is active (paid) for a
-- period; never lowered. Null for a trial that never paid. Rows written before this migration:
-- a subscription bought through a checkout is taken as paid up to its period's end.
ALTER TABLE subscriptions ADD COLUMN paid_through timestamptz;
UPDATE subscriptions SET paid_through = current_period_end
  WHERE status IN ('active', 'past_due', 'canceled')
    AND (provider_subscription_id IS NOT NULL OR checkout_session_id IS NOT NULL);

-- A merged update (POST /api/client/themes/update) until its download expires: kept in the
-- database so any replica serves it.
CREATE TABLE theme_updates (
  id text PRIMARY KEY,
  customer_id text NOT NULL REFERENCES customers (id) ON DELETE CASCADE,
  report jsonb NOT NULL,
  filename text NOT NULL,
  archive bytea NOT NULL,
  created_at timestamptz NOT NULL,
  expires_at timestamptz NOT NULL
);
CREATE INDEX theme_updates_expires_idx ON theme_updates (expires_at);
