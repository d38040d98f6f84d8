-- The hotel's time zone (IANA), as its system gives it: stay dates are calendar days there, so receipts and
-- pages show them in it, never in UTC. Reservations imported before this read their hotel's zone from the demo
-- hotel system where it holds them; any other keeps UTC until its next import.
ALTER TABLE reservations ADD COLUMN time_zone text NOT NULL DEFAULT 'UTC';
UPDATE reservations SET time_zone = e.time_zone
FROM demo_pms_reservations d JOIN demo_pms_enterprises e ON e.id = d.enterprise_id
WHERE reservations.external_id = d.id::text;
