-- Creation order of claims, claim items, damages and documents. Their ids are random since
-- migration 006, so "ORDER BY id" no longer lists them as they were made; the portal shows claim
-- items, damages and documents in that order. Existing rows are numbered in the order the table
-- holds them, which for these append-only tables is the order they were made.
ALTER TABLE claims      ADD COLUMN seq bigint GENERATED ALWAYS AS IDENTITY;
ALTER TABLE claim_items ADD COLUMN seq bigint GENERATED ALWAYS AS IDENTITY;
ALTER TABLE damages     ADD COLUMN seq bigint GENERATED ALWAYS AS IDENTITY;
ALTER TABLE documents   ADD COLUMN seq bigint GENERATED ALWAYS AS IDENTITY;
