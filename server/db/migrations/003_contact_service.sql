-- Contact-service requests (SPEC.md section 3, "Contact service data"): a request is written on the
-- consumer's device under a random request id; its documents are uploaded and linked while it is
-- written (contact_documents without a ticket), and the ticket call stores the request itself.
CREATE TABLE contact_tickets (
  id               serial PRIMARY KEY,
  request_id       text NOT NULL UNIQUE CHECK (request_id ~ '^[A-Za-z0-9-]{8,64}$'),
  ticket_number    text NOT NULL UNIQUE,
  name             text NOT NULL,
  email            text NOT NULL,
  phone            text NOT NULL CHECK (phone ~ '^[0-9]{10}$'),
  address          text NOT NULL,
  city             text NOT NULL,
  state            text NOT NULL CHECK (state ~ '^[A-Z]{2}$'),
  zip_code         text NOT NULL CHECK (zip_code ~ '^[0-9]{5}$'),
  invoice          text NOT NULL,
  date_of_purchase date NOT NULL,
  store_name       text NOT NULL,
  store_phone      text NOT NULL CHECK (store_phone ~ '^[0-9]{10}$'),
  store_address    text NOT NULL,
  store_city       text NOT NULL,
  store_state      text NOT NULL CHECK (store_state ~ '^[A-Z]{2}$'),
  store_zip        text NOT NULL CHECK (store_zip ~ '^[0-9]{5}$'),
  items_exchanged  boolean NOT NULL,
  created_at       timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE contact_documents (
  id           serial PRIMARY KEY,
  request_id   text NOT NULL CHECK (request_id ~ '^[A-Za-z0-9-]{8,64}$'),
  ticket_id    integer REFERENCES contact_tickets (id),
  file_name    text NOT NULL,
  content_type text NOT NULL,
  size_bytes   integer NOT NULL CHECK (size_bytes > 0),
  created_at   timestamptz NOT NULL DEFAULT now(),
  UNIQUE (request_id, file_name)
);
CREATE INDEX contact_documents_request ON contact_documents (request_id);
