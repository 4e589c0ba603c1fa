import { describe, expect, it } from 'vitest';
import {
  DeliverCenters,
  DeliveryOption,
  DeliveryVehicle,
  HomeDeliveryType,
  isOneOf,
  OrderPickUpDispute,
  OrderStatus,
  OrderType,
  orderStatusValues,
  PaymentGateway,
  PaymentStep,
  PickupEligibilityStatus,
  SignUpRole,
  StaffAccess,
  StaffRole,
  staffRoleValues,
  WalletFundSource,
  WalletTransactionStatus,
  WalletTransactionType,
} from './enums';

describe('enums keep the spelling the wire and the database use', () => {
  it('keeps the odd spellings verbatim', () => {
    expect(StaffRole.SalesAssociate).toBe('Sales Associate');
    expect(StaffRole.SoftwareEngineer).toBe('Software engineer');
    expect(StaffRole.MarketingAndSocialMedal).toBe('Marketing and social medal');
    expect(StaffRole.AccountantAndHR).toBe('Accountant and HR');
    expect(OrderStatus.NotPaid).toBe('Not Paid');
    expect(OrderType.GasAndProduct).toBe('Gas and Product');
    expect(DeliveryOption.PickerUP).toBe('PickerUP');
    expect(DeliveryOption.PickUpBySomeOne).toBe('PickUpBySomeOne');
    expect(HomeDeliveryType.OneWay).toBe('oneWay');
    expect(HomeDeliveryType.DoubleWay).toBe('DoubleWay');
    expect(WalletFundSource.VirtualAccount).toBe('virtualAccount');
    expect(OrderPickUpDispute.None).toBe('none');
    expect(PaymentStep.AllDDbUpdated).toBe('AllDDbUpdated');
  });

  it('lists every value, in its declared order', () => {
    expect(orderStatusValues).toEqual([
      'Not Paid',
      'Processing',
      'Paid',
      'Failed',
      'Delivered',
      'Cancelled',
      'ClientRejectPickup',
      'StaffRejectPickup',
    ]);
    expect(staffRoleValues).toHaveLength(12);
    expect(Object.values(StaffAccess)).toEqual(['Admin', 'Staff', 'Manager', 'CEO', 'Accountant', 'All']);
    expect(Object.values(WalletTransactionStatus)).toEqual(['pending', 'completed', 'failed', 'success']);
    expect(Object.values(PickupEligibilityStatus)).toEqual([
      'Eligible',
      'AlreadyPickedUp',
      'NotPaid',
      'DisputeExists',
      'Error',
      'Delivered',
      'Cancelled',
    ]);
  });

  it('names the gateways, the center, the vehicles and the sign-up roles', () => {
    expect(Object.values(PaymentGateway)).toEqual(['Paystack', 'Wallet', 'BankProvider']);
    expect(Object.values(DeliverCenters)).toHaveLength(1);
    expect(Object.values(DeliveryVehicle)).toEqual(['Car', 'Bike', 'Scooter', 'Truck', 'Walking']);
    expect(Object.values(SignUpRole)).toEqual(['Driver', 'Rider']);
    expect(Object.values(WalletTransactionType)).toEqual(['Debit', 'Credit']);
  });

  it('isOneOf narrows wire values', () => {
    expect(isOneOf(orderStatusValues, 'Not Paid')).toBe(true);
    expect(isOneOf(orderStatusValues, 'NotPaid')).toBe(false);
    expect(isOneOf(orderStatusValues, 3)).toBe(false);
  });
});
