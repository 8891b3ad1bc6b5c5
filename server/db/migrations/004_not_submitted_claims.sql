-- A 'Not submitted' claim counts as a draft (SPEC.md section 4: "Not submitted and UNKNOWN count as
-- draft"): it can be changed and submitted, and it is the plan's one live claim, like a Draft.
DROP INDEX claims_one_live_per_plan;
CREATE UNIQUE INDEX claims_one_live_per_plan ON claims (plan_id)
  WHERE status IN ('Draft', 'Not submitted', 'In process', 'Pending review', 'Open');
