-- A transfer whose outcome the hotel never told us (a lost reply, then an outage): the order waits in
-- `transfer_unknown` until a read of the reservation shows who the hotel names (contract/order-state.ts). The
-- reservation stays blocked meanwhile: it may already be in the buyer's name.
ALTER TABLE orders DROP CONSTRAINT orders_state_check;
ALTER TABLE orders ADD CONSTRAINT orders_state_check CHECK (state IN (
  'open', 'paid', 'transferring', 'transfer_unknown', 'transferred', 'transfer_failed', 'refund_pending', 'refunded',
  'expired', 'cancelled'
));
DROP INDEX orders_one_sale_under_way_per_reservation;
CREATE UNIQUE INDEX orders_one_sale_under_way_per_reservation ON orders (reservation_id)
  WHERE state IN ('paid', 'transferring', 'transfer_unknown');

-- The demo hotel's reservation that loses the reply of its owner change: the change is made, the answer is a 500.
ALTER TABLE demo_pms_reservations DROP CONSTRAINT IF EXISTS demo_pms_reservations_transfer_behaviour_check;
ALTER TABLE demo_pms_reservations ADD CONSTRAINT demo_pms_reservations_transfer_behaviour_check
  CHECK (transfer_behaviour IN ('refuse', 'fail_twice', 'lose_reply'));
