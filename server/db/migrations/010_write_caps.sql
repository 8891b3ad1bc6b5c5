-- Caps on every write.
--
-- A missing line item (item_origin 'MANUAL', POST /insert_manual_warr_item) belongs to the claim it
-- was added from: it is listed only where that claim is being filed, counted against that claim's
-- cap, and deleted with it (a deleted draft takes its missing items along). Sold items keep
-- claim_id NULL.
ALTER TABLE plan_items ADD COLUMN claim_id bigint REFERENCES claims (id) ON DELETE CASCADE;

-- Missing items made before this migration: the claim whose claim item names the item, else the
-- plan's claim being filed (a plan has at most one); one that neither claims was left behind by a
-- deleted draft, and goes.
UPDATE plan_items pi
   SET claim_id = (SELECT ci.claim_id FROM claim_items ci WHERE ci.plan_item_id = pi.id ORDER BY ci.seq LIMIT 1)
 WHERE pi.item_origin = 'MANUAL';
UPDATE plan_items pi
   SET claim_id = (SELECT c.id FROM claims c WHERE c.plan_id = pi.plan_id AND c.status IN ('Draft', 'Not submitted') ORDER BY c.seq LIMIT 1)
 WHERE pi.item_origin = 'MANUAL' AND pi.claim_id IS NULL;
DELETE FROM plan_items WHERE item_origin = 'MANUAL' AND claim_id IS NULL;

ALTER TABLE plan_items ADD CONSTRAINT plan_items_manual_has_claim
  CHECK ((item_origin IS NOT DISTINCT FROM 'MANUAL') = (claim_id IS NOT NULL));
CREATE INDEX plan_items_claim ON plan_items (claim_id) WHERE claim_id IS NOT NULL;

-- Open upload URLs are counted per contact request too (server/storage/upload-grants.ts).
CREATE INDEX upload_grants_request ON upload_grants (request_id) WHERE request_id IS NOT NULL;
