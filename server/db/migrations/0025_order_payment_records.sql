-- The provider's records of an order's money, kept exact for the payouts and the ledger: what the charge
-- received (amount_received_cents, added with the handover, in hundredths of this currency's major unit as
-- Restay stores money) and in which currency, and each refund's charge and last status change.
ALTER TABLE orders ADD COLUMN received_currency text;
ALTER TABLE orders ADD CONSTRAINT orders_received_has_currency
  CHECK ((amount_received_cents IS NULL) = (received_currency IS NULL));
-- Charge events name the payment intent and the charge: both find their order.
CREATE INDEX orders_payment_intent ON orders (payment_intent_id) WHERE payment_intent_id IS NOT NULL;
CREATE INDEX orders_charge ON orders (charge_id) WHERE charge_id IS NOT NULL;

ALTER TABLE order_refunds ADD COLUMN charge_id text;
ALTER TABLE order_refunds ADD COLUMN updated_at timestamptz;
UPDATE order_refunds SET updated_at = created_at;
ALTER TABLE order_refunds ALTER COLUMN updated_at SET NOT NULL;
