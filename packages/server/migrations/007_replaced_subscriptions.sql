-- A paid checkout attached to an account whose paid subscription was still running replaces it
-- (see docs/decisions.md, 'Attaching over a paid subscription still running'): the replaced
-- provider subscription must not renew, so it is cancelled at its period end at the provider,
-- outside the database transaction. Recorded here in the attach's write, so a provider call that
-- fails is tried again (pending while cancelled_at is null) and one that succeeded is never made
-- twice.
CREATE TABLE replaced_subscriptions (
  provider_subscription_id text PRIMARY KEY,
  -- The account it billed; kept when the account is deleted (the cancellation is still owed).
  customer_id text REFERENCES customers (id) ON DELETE SET NULL,
  -- The checkout session whose attach replaced it.
  replaced_by text NOT NULL,
  replaced_at timestamptz NOT NULL,
  cancelled_at timestamptz
);
CREATE INDEX replaced_subscriptions_pending_idx ON replaced_subscriptions (replaced_at)
  WHERE cancelled_at IS NULL;
