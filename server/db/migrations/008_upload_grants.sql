-- Upload grants (SECURITY.md): every signed upload URL handed out is recorded here, so that
--   * it works once: the first PUT sets used_at, in a transaction, and every later PUT with the
--     same URL is refused, whichever server process it reaches;
--   * a claim's byte budget counts the bytes its unlinked, unexpired URLs may still bring.
-- The row is the URL as the database knows it: its signature is the key. Rows go when their claim
-- goes, and the upload sweep (server/storage/upload-sweep.ts) deletes expired ones.
CREATE TABLE upload_grants (
  signature   text PRIMARY KEY CHECK (signature ~ '^[0-9a-f]{64}$'),
  claim_id    bigint REFERENCES claims (id) ON DELETE CASCADE,        -- NULL for contact-service uploads
  request_id  text CHECK (request_id ~ '^[A-Za-z0-9-]{8,64}$'),      -- NULL for claim uploads
  file_name   text NOT NULL,                                           -- the stored name the URL writes
  size_bytes  integer CHECK (size_bytes > 0),                          -- declared size; NULL: none declared
  expires     bigint NOT NULL,                                         -- Unix seconds, as in the URL
  used_at     timestamptz,
  CHECK ((claim_id IS NULL) <> (request_id IS NULL))
);
CREATE INDEX upload_grants_claim ON upload_grants (claim_id) WHERE claim_id IS NOT NULL;
CREATE INDEX upload_grants_expires ON upload_grants (expires);
