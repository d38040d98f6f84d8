-- The order after payment: the reservation is handed to the buyer at the hotel, or the buyer is refunded.
-- See contract/order-state.ts for the machine.
ALTER TABLE orders DROP CONSTRAINT orders_state_check;
ALTER TABLE orders ADD CONSTRAINT orders_state_check CHECK (state IN (
  'open', 'paid', 'transferring', 'transferred', 'transfer_failed', 'refund_pending', 'refunded', 'expired', 'cancelled'
));

-- The guest's legal name as the buyer typed it at checkout: the hotel puts the reservation under it.
ALTER TABLE orders ADD COLUMN guest_first_name text;
ALTER TABLE orders ADD COLUMN guest_last_name text;
-- The reservation this order buys (copied from its listing), so the database can refuse two sales of it.
ALTER TABLE orders ADD COLUMN reservation_id uuid REFERENCES reservations (id);
UPDATE orders SET reservation_id = listings.reservation_id FROM listings WHERE listings.id = orders.listing_id;
ALTER TABLE orders ALTER COLUMN reservation_id SET NOT NULL;
-- The provider's charge and what it received (minor units of `currency`, as Restay stores money).
ALTER TABLE orders ADD COLUMN charge_id text;
ALTER TABLE orders ADD COLUMN amount_received_cents integer CHECK (amount_received_cents >= 0);
ALTER TABLE orders ADD COLUMN transferred_at timestamptz;
-- Why the money goes back (a code of contract/order-state.ts REFUND_REASONS, and an operator's own note).
ALTER TABLE orders ADD COLUMN refund_reason text;
ALTER TABLE orders ADD COLUMN refund_note text;
ALTER TABLE orders ADD COLUMN refund_requested_at timestamptz;
ALTER TABLE orders ADD COLUMN refunded_at timestamptz;
-- The hotel's reservation as it reads once it names the buyer (what My Stays shows), kept as read back.
ALTER TABLE orders ADD COLUMN handover jsonb;
ALTER TABLE orders ADD CONSTRAINT orders_transferred_has_time CHECK (state <> 'transferred' OR transferred_at IS NOT NULL);
ALTER TABLE orders ADD CONSTRAINT orders_refunded_has_time CHECK (state <> 'refunded' OR refunded_at IS NOT NULL);
ALTER TABLE orders ADD CONSTRAINT orders_refund_has_reason
  CHECK (state NOT IN ('refund_pending', 'refunded') OR refund_reason IS NOT NULL);

-- Never sold twice: at most one order of a reservation is paid or being transferred at any time.
CREATE UNIQUE INDEX orders_one_sale_under_way_per_reservation ON orders (reservation_id)
  WHERE state IN ('paid', 'transferring');

-- Refunds the provider made for an order, by the provider's id, with amounts (the ledger posts from them).
CREATE TABLE order_refunds (
  id text PRIMARY KEY,
  order_id uuid NOT NULL REFERENCES orders (id),
  amount_cents integer NOT NULL CHECK (amount_cents >= 0),
  currency text NOT NULL,
  status text NOT NULL,
  created_at timestamptz NOT NULL
);
CREATE INDEX order_refunds_order ON order_refunds (order_id);

-- A sold listing blocks another listing of its reservation until the reservation is in the buyer's name
-- (then only the new guest may list it) or the sale is refunded (the listing is then withdrawn).
ALTER TABLE listings ADD COLUMN transferred_at timestamptz;
DROP INDEX listings_one_live_per_reservation;
CREATE UNIQUE INDEX listings_one_live_per_reservation ON listings (reservation_id)
  WHERE status IN ('active', 'reserved', 'inactive') OR (status = 'sold' AND transferred_at IS NULL);
