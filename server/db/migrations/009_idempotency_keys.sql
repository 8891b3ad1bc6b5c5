-- Answers of writes, by the Idempotency-Key the client sent: a write repeated after its
-- answer was lost is answered from here instead of being done twice. `status` is NULL while the
-- first request is still running. Rows older than a day are swept.
CREATE TABLE idempotency_keys (
  key           text PRIMARY KEY,
  fingerprint   text NOT NULL,          -- method, path and SHA-256 of the body
  status        integer,
  body          text,
  content_type  text,
  created_at    timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX idempotency_keys_created ON idempotency_keys (created_at);
