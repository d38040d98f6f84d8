-- Codes sent per reservation and per guest address in the last hour, whoever asked (the code quota).
CREATE INDEX reservation_verifications_reservation_recent ON reservation_verifications (reservation_id, created_at DESC);
CREATE INDEX reservation_verifications_email_recent ON reservation_verifications (email, created_at DESC);
