-- Mail delivery (see docs/operations.md, 'Mail'): the outbox is drained by a worker. A row is
-- claimed by setting locked_until (FOR UPDATE SKIP LOCKED, so two replicas never take the same
-- row); a process that dies holding one leaves it claimable again once locked_until passes.
ALTER TABLE outbox
  ADD COLUMN attempts integer NOT NULL DEFAULT 0,
  ADD COLUMN next_attempt_at timestamptz NOT NULL DEFAULT now(),
  ADD COLUMN locked_until timestamptz,
  ADD COLUMN last_error text,
  -- 'smtp', 'mailbox' (the sandbox mailbox, when no SMTP server is configured) or 'log'.
  ADD COLUMN delivered_via text,
  ADD COLUMN sent_at timestamptz,
  ADD COLUMN failed_at timestamptz;

-- Rows written before this migration went to the log alone; their links have long expired, so
-- they are not sent now.
UPDATE outbox SET delivered_via = 'log', sent_at = created_at, next_attempt_at = created_at;

-- The worker's claim: pending rows by due time.
CREATE INDEX outbox_pending ON outbox (next_attempt_at) WHERE sent_at IS NULL AND failed_at IS NULL;
-- The sandbox mailbox, newest first.
CREATE INDEX outbox_mailbox ON outbox (created_at DESC) WHERE delivered_via = 'mailbox';
