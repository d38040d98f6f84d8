-- A proof of ownership is spent once the reservation is put in a buyer's name: the hotel names someone else.
ALTER TABLE reservation_verifications ADD COLUMN spent_at timestamptz;

-- How the demo hotel answers an owner change of a reservation, so both failure paths can be seen in the demo:
-- 'refuse' always refuses (403), 'fail_twice' fails twice with a 5xx and then accepts. Null: accepts.
ALTER TABLE demo_pms_reservations ADD COLUMN transfer_behaviour text CHECK (transfer_behaviour IN ('refuse', 'fail_twice'));
ALTER TABLE demo_pms_reservations ADD COLUMN transfer_failures integer NOT NULL DEFAULT 0;
-- Customers the demo hotel adds (customers/add) have no seeded row to come from.
CREATE INDEX demo_pms_customers_email ON demo_pms_customers (enterprise_id, lower(email));

-- The seeded marketplace stored its reservations as provider 'demo' while every import stores Mews
-- reservations (the demo PMS speaks Mews) as 'mews', so a seeded reservation proved and listed again became a
-- second row and a second live listing. One row per hotel reservation from now on: an imported twin of a seeded
-- reservation is folded into the seeded row (its extra live listing withdrawn), and seeded rows become 'mews'.
UPDATE listings SET status = 'withdrawn', updated_at = now()
WHERE status IN ('active', 'reserved', 'inactive')
  AND reservation_id IN (
    SELECT twin.id FROM reservations twin
    JOIN reservations seeded ON seeded.provider = 'demo' AND seeded.external_id = twin.external_id
    WHERE twin.provider = 'mews'
  )
  AND EXISTS (
    SELECT 1 FROM reservations twin
    JOIN reservations seeded ON seeded.provider = 'demo' AND seeded.external_id = twin.external_id
    JOIN listings live ON live.reservation_id = seeded.id AND live.status IN ('active', 'reserved', 'inactive', 'sold')
    WHERE twin.id = listings.reservation_id
  );
UPDATE listings SET reservation_id = seeded.id
FROM reservations twin JOIN reservations seeded ON seeded.provider = 'demo' AND seeded.external_id = twin.external_id
WHERE twin.provider = 'mews' AND listings.reservation_id = twin.id;
UPDATE reservation_verifications SET reservation_id = seeded.id
FROM reservations twin JOIN reservations seeded ON seeded.provider = 'demo' AND seeded.external_id = twin.external_id
WHERE twin.provider = 'mews' AND reservation_verifications.reservation_id = twin.id;
UPDATE orders SET reservation_id = seeded.id
FROM reservations twin JOIN reservations seeded ON seeded.provider = 'demo' AND seeded.external_id = twin.external_id
WHERE twin.provider = 'mews' AND orders.reservation_id = twin.id;
DELETE FROM reservations twin USING reservations seeded
WHERE twin.provider = 'mews' AND seeded.provider = 'demo' AND seeded.external_id = twin.external_id;
UPDATE reservations SET provider = 'mews' WHERE provider = 'demo';
