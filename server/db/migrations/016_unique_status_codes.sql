-- A claim-status code (`CS-…`, what insert_claim's CLAIM_IN_PROGRESS answers and GET /claim_status
-- and the staff move take) names exactly one claim. insert_claim wrote 'CS-' || lpad(id::text, 6, '0'),
-- and lpad cuts a longer text: a random id of 12 to 16 digits (migration 006) kept its first six, so
-- about 900,000 codes existed for all claims, and a shared code reached only the oldest of its claims.
-- New claims get 'CS-' and their whole id (server/domain/claim-writes.ts).

-- Codes so cut carry the whole id now. Shorter ids (before migration 006) were never cut: they keep theirs.
UPDATE claims SET status_code = 'CS-' || id::text
 WHERE length(id::text) > 6 AND status_code = 'CS-' || lpad(id::text, 6, '0');

-- A code still shared (written by hand or imported): the oldest claim, which the code reached so
-- far, keeps it; each other claim gets its own.
UPDATE claims c SET status_code = 'CS-' || c.id::text
  FROM (SELECT id, row_number() OVER (PARTITION BY status_code ORDER BY seq) AS n
          FROM claims WHERE status_code IS NOT NULL) AS shared
 WHERE shared.id = c.id AND shared.n > 1;

-- The lookup's index (migration 012), now refusing a second claim with a code.
DROP INDEX claims_status_code;
CREATE UNIQUE INDEX claims_status_code ON claims (status_code) WHERE status_code IS NOT NULL;
