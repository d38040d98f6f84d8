-- How far each connected hotel's reservations have been read into pms_hotel_directory, so that importing a
-- confirmation number asks its own hotel at once instead of every hotel in turn. `synced_until`: every
-- reservation changed before it is in the directory (null: never synced). `leased_until`: an instance is
-- syncing the hotel until then; another takes over only after it passed.
CREATE TABLE pms_hotel_sync (
  hotel_key text PRIMARY KEY,
  synced_until timestamptz,
  leased_until timestamptz
);
