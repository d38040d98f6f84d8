-- An integration event's token is needed only until it is applied (stored encrypted on its hotel): the history
-- of events already applied keeps no copy of it.
UPDATE hotel_integration_events SET token_ciphertext = NULL WHERE processed_at IS NOT NULL;
