// Pickup eligibility: the checks run in the order below, and the first that applies decides.
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
  // Added to the original checks: a paid, undisputed order that was cancelled must not be handed
  // over. It runs after the others so it never changes any of their outcomes.
  if (order.status === OrderStatus.Cancelled) return PickupEligibilityStatus.Cancelled;
  return PickupEligibilityStatus.Eligible;
}
