-- A licence expires with its customer's subscription (the trial's end, then the end of the period
-- paid), read with it, so every change of the period shows at once (docs/product.md#licences-tab).
-- Only an admin's explicit expiry (POST /api/admin/licenses with expires_at, a date or null) is
-- stored: expiry_fixed. The dates copied at creation until now are dropped: they went stale with
-- the first change of the period (docs/decisions.md, 'A licence expires with its subscription').
ALTER TABLE licences ADD COLUMN expiry_fixed boolean NOT NULL DEFAULT false;
UPDATE licences SET expires_at = NULL;
ALTER TABLE licences ADD CONSTRAINT licences_expiry_fixed_check
  CHECK (expiry_fixed OR expires_at IS NULL);
