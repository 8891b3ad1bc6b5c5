-- How a claim's decision came out (contract/claim-status.ts DECISION_OUTCOMES), recorded by staff
-- with the decision step, and the reason they give for a denial. NULL on other steps, and on
-- decisions recorded before outcomes were: the status page then names none.
ALTER TABLE claim_events
  ADD COLUMN outcome text CHECK (outcome IN ('approved', 'replaced', 'refunded', 'denied')),
  ADD COLUMN reason text CHECK (length(reason) <= 500);
