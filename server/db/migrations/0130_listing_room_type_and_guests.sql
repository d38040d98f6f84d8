-- What a buyer takes over, shown on the stay's page: the room type as the hotel names it (without the room's
-- number, which the hotel assigns at check-in) and how many guests the reservation is for. Both copied from the
-- hotel's system when the listing is created; null when it did not say.
ALTER TABLE listings ADD COLUMN room_type text;
ALTER TABLE listings ADD COLUMN guests integer CHECK (guests > 0);
-- Listings before this: the room type from their reservation's room name, as the Mews adapter writes it
-- ("Double Deluxe, room 204"). The guest count was never kept, so it stays unknown.
UPDATE listings SET room_type = regexp_replace(reservations.resource_name, ',\s*room\s+\S+$', '', 'i')
FROM reservations
WHERE reservations.id = listings.reservation_id
  AND reservations.resource_name IS NOT NULL;
