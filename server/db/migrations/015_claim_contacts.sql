-- Contact details typed by a session that held only a warranty number (SECURITY.md, "Identity
-- comes only from proof"). Anyone may know a warranty number, so what such a session writes is
-- kept for its claim alone: it never replaces the customer's details on file, never receives the
-- owner's mail and never matches a personal search. NULL: the field was kept as on file.
CREATE TABLE claim_contacts (
  claim_id   bigint PRIMARY KEY REFERENCES claims (id) ON DELETE CASCADE,
  first_name text,
  last_name  text,
  email      text,
  phone      text,
  address    text,
  city       text,
  state      text,
  zip        text,
  written_at timestamptz NOT NULL DEFAULT now()
);

-- Details such a session wrote on a customer before this table: the ones the plans were sold
-- with come back (the street, city and state were never flagged, so they cannot be told apart).
UPDATE customers SET
  first_name = COALESCE(sold_first_name, first_name),
  last_name = COALESCE(sold_last_name, last_name),
  email = sold_email,
  phone = sold_phone,
  zip = sold_zip
WHERE contact_unverified;

ALTER TABLE customers DROP COLUMN contact_unverified;
