-- The licence verification (see docs/product.md, 'Licence verification'): what the theme reported
-- last, the admin's suspension, and the keys that sign the verification's tokens.

ALTER TABLE licences
  -- Set while an admin suspends the licence: its verification answers inactive.
  ADD COLUMN suspended_at timestamptz,
  ADD COLUMN suspension_reason text,
  -- The last successful check from the shop's published theme (written at most every 5 minutes).
  ADD COLUMN last_seen_at timestamptz,
  ADD COLUMN last_seen_host text,
  ADD COLUMN last_seen_version text;

-- The verification finds a shop's licences by its .myshopify.com domain, oldest first.
CREATE INDEX licences_shop_domain_idx ON licences (shop_domain, created_at);

-- Every suspension and reinstatement with its reason and its admin, never changed; it goes with
-- its licence.
CREATE TABLE licence_suspensions (
  id text PRIMARY KEY,
  licence_id text NOT NULL REFERENCES licences (id) ON DELETE CASCADE,
  action text NOT NULL CHECK (action IN ('suspend', 'reinstate')),
  reason text NOT NULL,
  admin_id text,
  created_at timestamptz NOT NULL
);
CREATE INDEX licence_suspensions_licence_idx ON licence_suspensions (licence_id, created_at);

-- The Ed25519 keys signing licence tokens, one row per key (see docs/operations.md, 'Licence
-- signing key'): `kid` is the public key's RFC 7638 thumbprint; the private key is kept only for a
-- generated key while it signs (a configured one lives in LICENCE_SIGNING_KEY); a retired key stays
-- published until the last token it signed has expired.
CREATE TABLE licence_signing_keys (
  kid text PRIMARY KEY,
  public_jwk jsonb NOT NULL,
  private_key text,
  origin text NOT NULL CHECK (origin IN ('generated', 'configured')),
  created_at timestamptz NOT NULL,
  retired_at timestamptz
);
-- One key signs at a time, whatever the replicas starting together do.
CREATE UNIQUE INDEX licence_signing_keys_current ON licence_signing_keys ((true))
  WHERE retired_at IS NULL;
