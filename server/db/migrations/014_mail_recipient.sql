-- How many messages of a kind reached one inbox lately: a contact-service request may name any
-- address, so its Request Number email is sent to one recipient only a few times an hour
-- (server/routes/contact-service.ts).
CREATE INDEX mail_outbox_recipient ON mail_outbox (lower(recipient), created_at);
