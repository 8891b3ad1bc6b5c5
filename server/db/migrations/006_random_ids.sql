-- Ids that cannot be walked: customers, claims, claim items, damages and documents get
-- random ids in [10^11, 2^53 - 1] instead of 1, 2, 3...
--   * 2^53 - 1 (9007199254740991) is the largest integer a JSON number carries exactly into
--     JavaScript (Number.MAX_SAFE_INTEGER), so ids stay numbers on the wire as SPEC.md has them.
--   * 10^11 as the floor keeps every new id at 12 to 16 digits, apart from the small ids that rows
--     made before this migration keep (renumbering them would break claim numbers CL-{id}, their
--     storage folders and emailed plan links).
--   * About 9.0 * 10^15 values: guessing one of a million ids takes 9 * 10^9 tries on average, and
--     two inserts drawing the same id (odds about n / 9 * 10^15 per insert with n rows) only fail
--     that insert on the primary key, answered 409 CONFLICT "try again".
-- The bits come from gen_random_uuid(), which reads the server's strong random source; random()
-- is a seeded generator whose next values can be worked out from earlier ones.
-- Plans, plan items and lookup values keep their int4 identities (their numbers are not secret:
-- a plan is reached only through a search or a signed link).

CREATE FUNCTION random_id() RETURNS bigint LANGUAGE sql VOLATILE AS $$
  -- 56 random bits of a version-4 UUID (hex digits 1-12 and 14-15; digit 13 is the version),
  -- folded into the range; the fold's bias is under 2 * 10^-5.
  SELECT 100000000000 + (('x' || substr(u, 1, 12) || substr(u, 14, 2))::bit(56)::bigint % (9007199254740992 - 100000000000))
  FROM (SELECT replace(gen_random_uuid()::text, '-', '') AS u) AS uuid
$$;

-- Each table's id: no identity any more, bigint, drawn by random_id(), never past 2^53 - 1.
DO $$
DECLARE
  t text;
BEGIN
  FOREACH t IN ARRAY ARRAY['customers', 'claims', 'claim_items', 'damages', 'documents'] LOOP
    EXECUTE format(
      'ALTER TABLE %I ALTER COLUMN id DROP IDENTITY, ALTER COLUMN id TYPE bigint, ALTER COLUMN id SET DEFAULT random_id(),
         ADD CONSTRAINT %I CHECK (id BETWEEN 1 AND 9007199254740991)',
      t, t || '_id_range');
  END LOOP;
END
$$;

-- The columns that refer to them.
ALTER TABLE plans ALTER COLUMN customer_id TYPE bigint;
ALTER TABLE claims ALTER COLUMN customer_id TYPE bigint;
ALTER TABLE claim_items ALTER COLUMN claim_id TYPE bigint;
ALTER TABLE damages ALTER COLUMN claim_item_id TYPE bigint;
ALTER TABLE documents ALTER COLUMN claim_id TYPE bigint, ALTER COLUMN claim_item_id TYPE bigint;
