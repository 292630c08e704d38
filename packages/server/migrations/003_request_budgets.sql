-- Request budgets (refreshes, registrations, reset links, checkout sessions per client address),
-- apart from the login-failure lock: one row per key and fixed window, spent by one atomic
-- INSERT ... ON CONFLICT DO UPDATE, so every replica shares it and a restart forgets nothing.
CREATE TABLE request_budgets (
  key text PRIMARY KEY,
  window_start timestamptz NOT NULL,
  spent integer NOT NULL
);

-- login_attempts now holds failed logins only ('account:<email>', 'address:<ip>'); the budgets
-- it used to count start afresh in their own table.
DELETE FROM login_attempts WHERE key NOT LIKE 'account:%' AND key NOT LIKE 'address:%';
