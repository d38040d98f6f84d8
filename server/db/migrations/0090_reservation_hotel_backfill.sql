-- Reservations imported before 0075 recorded no hotel (enterprise id): every policy check read them as stays of a
-- hotel that never joined, so their listings' price changes were refused ("has not joined Restay yet"). Fill it in
-- from what each reservation already holds, the surest source first; a reservation none of them names keeps null
-- and gets its hotel the next time its hotel's system is read.

-- 1. A reservation of the demo PMS: its own row there names the enterprise.
UPDATE reservations AS r
SET enterprise_id = d.enterprise_id::text
FROM demo_pms_reservations AS d
WHERE r.enterprise_id IS NULL
  AND d.id::text = lower(r.external_id);

-- 2. The hotel the PMS directory remembers holding it (by its PMS id or its confirmation number), named there by a
--    hash of its access token: the joined hotel with that token (its current one or the configured one imported).
UPDATE reservations AS r
SET enterprise_id = h.enterprise_id
FROM pms_hotel_directory AS dir
JOIN hotels AS h ON dir.hotel_key IN (h.token_key, h.imported_token_key)
WHERE r.enterprise_id IS NULL
  AND dir.reference IN (r.external_id, r.confirmation_number);

-- 3. The only joined hotel of the name the hotel's system gave the reservation (two of one name: left alone).
UPDATE reservations AS r
SET enterprise_id = h.enterprise_id
FROM hotels AS h
WHERE r.enterprise_id IS NULL
  AND h.name = r.hotel_name
  AND (SELECT count(*) FROM hotels AS same WHERE same.name = r.hotel_name) = 1;
