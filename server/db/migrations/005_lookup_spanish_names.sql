-- Spanish names of lookup values: answered when a call asks for Spanish
-- (Accept-Language: es); NULL falls back to the English name. The seed fills them for the demo
-- lists, also in databases seeded before this migration (server/seed/seed.ts).
ALTER TABLE lookup_values ADD COLUMN name_es text;
