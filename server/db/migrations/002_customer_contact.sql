-- Contact information of customers for the ACE wizard's step 2 (GET and PUT
-- /ace/customer_info/{customerId}): street address, city and two-letter state beside the existing
-- email, phone and zip. Existing customers keep NULL until set; the seed fills the demo customers'
-- addresses where they are still empty (server/seed/seed.ts), so databases seeded before this
-- migration get them too.
ALTER TABLE customers
  ADD COLUMN address text,
  ADD COLUMN city    text,
  ADD COLUMN state   text CHECK (state ~ '^[A-Z]{2}$');

-- Mace plans are ACE plans too (SPEC.md section 3, "Plan": planType Ace, Mace, FPP, LEGACY, UNKNOWN).
ALTER TABLE plans DROP CONSTRAINT plans_plan_type_check;
ALTER TABLE plans ADD CONSTRAINT plans_plan_type_check CHECK (plan_type IN ('FPP', 'Ace', 'Mace', 'LEGACY'));
