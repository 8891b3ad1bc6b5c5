-- The contact details a customer's plans were sold with, kept when the portal changes them
-- (PUT /ace/customer_info), so the owner's own personal search still finds their plans by the
-- names, email, phone and ZIP they bought under (SECURITY.md, "A warranty number alone shows no contact details").
--
-- sold_*: NULL until the first change through the portal (contact_changed_at), which copies the
-- details it replaces; never written again after that.
-- contact_unverified: the current details were last written by a session that held only a warranty
-- number. Those are not proof of who the customer is, so the personal search does not match them
-- (it still matches the sold ones) until a verified session writes the details again.
ALTER TABLE customers
  ADD COLUMN sold_first_name    text,
  ADD COLUMN sold_last_name     text,
  ADD COLUMN sold_email         text,
  ADD COLUMN sold_phone         text,
  ADD COLUMN sold_zip           text,
  ADD COLUMN contact_changed_at timestamptz,
  ADD COLUMN contact_unverified boolean NOT NULL DEFAULT false;
