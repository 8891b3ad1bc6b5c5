-- The status history of each submitted claim (contract/claim-status.ts): one dated event per step
-- of the timeline a claim has reached. A claim reaches a step once and never goes back
-- (server/domain/claim-status.ts recordStep keeps the order; the key keeps "once").
CREATE TABLE claim_events (
  claim_id  bigint NOT NULL REFERENCES claims (id) ON DELETE CASCADE,
  step      text NOT NULL CHECK (step IN ('submitted', 'in_review', 'decision', 'service', 'closed')),
  at        timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (claim_id, step)
);

-- Claims submitted before this migration: each its `submitted` event at submitted_at, and the later
-- steps their status implies (SPEC.md's statuses as contract/claim-status.ts maps them: Pending
-- review has been in review, In process has a decision, Closed went through service, Denied and
-- Cancelled were closed after the decision), dated a few days apart (never after now) so the demo
-- data shows a timeline. The seed dates its claims the same way (server/seed/seed.ts).
INSERT INTO claim_events (claim_id, step, at)
SELECT c.id, s.step, LEAST(c.submitted_at + s.after, now())
  FROM claims c
  JOIN (VALUES
    ('submitted', interval '0 days', NULL::text[]),
    ('in_review', interval '3 days', ARRAY['Pending review', 'In process', 'Closed', 'Denied', 'Cancelled']),
    ('decision',  interval '7 days', ARRAY['In process', 'Closed', 'Denied', 'Cancelled']),
    ('service',   interval '9 days', ARRAY['Closed']),
    ('closed',    interval '21 days', ARRAY['Closed', 'Denied', 'Cancelled'])
  ) AS s (step, after, statuses) ON s.statuses IS NULL OR c.status = ANY (s.statuses)
 WHERE c.submitted_at IS NOT NULL;

-- GET /claim_status also takes the status code insert_claim's CLAIM_IN_PROGRESS answers (CS-…).
CREATE INDEX claims_status_code ON claims (status_code);
