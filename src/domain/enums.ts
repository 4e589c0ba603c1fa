// The product's enumerations. Values keep their established spelling, odd spellings included,
// because they travel over the wire and are stored in the database.

/** Non-empty tuple of an enum's values, the shape `z.enum(...)` expects. */
const valuesOf = <T extends Record<string, string>>(o: T) => Object.values(o) as [T[keyof T], ...T[keyof T][]];

export const StaffAccess = {
  Admin: 'Admin',
  Staff: 'Staff',
  Manager: 'Manager',
  CEO: 'CEO',
  Accountant: 'Accountant',
  All: 'All',
} as const;
export type StaffAccess = (typeof StaffAccess)[keyof typeof StaffAccess];
export const staffAccessValues = valuesOf(StaffAccess);

export const StaffRole = {
  Admin: 'Admin',
  Manager: 'Manager',
  SalesAssociate: 'Sales Associate',
  ShiftSupervisor: 'Shift Supervisor',
  Cashier: 'Cashier',
  CustomerService: 'Customer Service',
  InventorySpecialist: 'Inventory Specialist',
  DeliveryPerson: 'Delivery Person',
  SoftwareEngineer: 'Software engineer',
  CEO: 'CEO',
  MarketingAndSocialMedal: 'Marketing and social medal',
  AccountantAndHR: 'Accountant and HR',
} as const;
export type StaffRole = (typeof StaffRole)[keyof typeof StaffRole];
export const staffRoleValues = valuesOf(StaffRole);

export const SupplyStatus = {
  Delivered: 'Delivered',
  WaitingSupplierResponse: 'WaitingSupplierResponse',
  Paid: 'Paid',
} as const;
export type SupplyStatus = (typeof SupplyStatus)[keyof typeof SupplyStatus];
export const supplyStatusValues = valuesOf(SupplyStatus);

/** A transfer of stock between gas centers: sent (InTransit), then Received or Cancelled, once. */
export const StockTransferStatus = {
  InTransit: 'InTransit',
  Received: 'Received',
  Cancelled: 'Cancelled',
} as const;
export type StockTransferStatus = (typeof StockTransferStatus)[keyof typeof StockTransferStatus];
export const stockTransferStatusValues = valuesOf(StockTransferStatus);

export const ProductType = {
  Cylinder: 'Cylinder',
  Burner: 'Burner',
  GasStove: 'GasStove',
  Gas: 'Gas',
} as const;
export type ProductType = (typeof ProductType)[keyof typeof ProductType];
export const productTypeValues = valuesOf(ProductType);

export const DeliveryUserType = { Carrier: 'Carrier', Client: 'Client' } as const;
export type DeliveryUserType = (typeof DeliveryUserType)[keyof typeof DeliveryUserType];
export const deliveryUserTypeValues = valuesOf(DeliveryUserType);

export const DeliveryStatus = {
  Accepted: 'Accepted',
  Rejected: 'Rejected',
  CarrierPickup: 'CarrierPickup',
  OrderNotDelivered: 'OrderNotDelivered',
  CantLocateClientLocation: 'CantLocateClientLocation',
  Other: 'Other',
  Pending: 'Pending',
  InTransit: 'InTransit',
  Delivered: 'Delivered',
  Cancelled: 'Cancelled',
} as const;
export type DeliveryStatus = (typeof DeliveryStatus)[keyof typeof DeliveryStatus];
export const deliveryStatusValues = valuesOf(DeliveryStatus);

export const DeliveryOption = {
  PickerUP: 'PickerUP',
  HomeDelivery: 'HomeDelivery',
  PickUpBySomeOne: 'PickUpBySomeOne',
} as const;
export type DeliveryOption = (typeof DeliveryOption)[keyof typeof DeliveryOption];
export const deliveryOptionValues = valuesOf(DeliveryOption);

export const HomeDeliveryType = { OneWay: 'oneWay', DoubleWay: 'DoubleWay' } as const;
export type HomeDeliveryType = (typeof HomeDeliveryType)[keyof typeof HomeDeliveryType];
export const homeDeliveryTypeValues = valuesOf(HomeDeliveryType);

export const WalletTransactionStatus = {
  Pending: 'pending',
  Completed: 'completed',
  Failed: 'failed',
  Success: 'success',
} as const;
export type WalletTransactionStatus = (typeof WalletTransactionStatus)[keyof typeof WalletTransactionStatus];
export const walletTransactionStatusValues = valuesOf(WalletTransactionStatus);

export const WalletFundSource = {
  BankTransfer: 'BankTransfer',
  Card: 'Card',
  VirtualAccount: 'virtualAccount',
  Cash: 'Cash',
  CardOrBankTransfer: 'CardOrBankTransfer',
} as const;
export type WalletFundSource = (typeof WalletFundSource)[keyof typeof WalletFundSource];
export const walletFundSourceValues = valuesOf(WalletFundSource);

export const WalletTransactionType = { Debit: 'Debit', Credit: 'Credit' } as const;
export type WalletTransactionType = (typeof WalletTransactionType)[keyof typeof WalletTransactionType];
export const walletTransactionTypeValues = valuesOf(WalletTransactionType);

export const PaymentType = { Cash: 'Cash', Electronic: 'Electronic', Wallet: 'Wallet' } as const;
export type PaymentType = (typeof PaymentType)[keyof typeof PaymentType];
export const paymentTypeValues = valuesOf(PaymentType);

export const PaymentStatus = {
  Abandoned: 'abandoned',
  Failed: 'failed',
  Ongoing: 'ongoing',
  Pending: 'pending',
  Processing: 'processing',
  Queued: 'queued',
  Reversed: 'reversed',
  Success: 'success',
} as const;
export type PaymentStatus = (typeof PaymentStatus)[keyof typeof PaymentStatus];
export const paymentStatusValues = valuesOf(PaymentStatus);

export const PaymentGateway = {
  Paystack: 'Paystack',
  Wallet: 'Wallet',
  BankProvider: 'BankProvider',
} as const;
export type PaymentGateway = (typeof PaymentGateway)[keyof typeof PaymentGateway];
export const paymentGatewayValues = valuesOf(PaymentGateway);

export const PaymentPurpose = {
  FundWallet: 'FundWallet',
  OrderPayment: 'OrderPayment',
  FundVirtualAccount: 'FundVirtualAccount',
  NotDefined: 'NotDefined',
} as const;
export type PaymentPurpose = (typeof PaymentPurpose)[keyof typeof PaymentPurpose];
export const paymentPurposeValues = valuesOf(PaymentPurpose);

/** Steps of a (resumable) wallet funding, in the order they run. */
export const PaymentStep = {
  Initialize: 'Initialize',
  StartUpdating: 'StartUpdating',
  AddWalletTransactions: 'AddWalletTransactions',
  GetWalletAccount: 'GetWalletAccount',
  UpdatedWalletAccount: 'UpdatedWalletAccount',
  GetVirtualAccount: 'GetVirtualAccount',
  AddVirtualAccountTransactions: 'AddVirtualAccountTransactions',
  UpdateVirtualAccount: 'UpdateVirtualAccount',
  GetPayment: 'GetPayment',
  UpdatePayment: 'UpdatePayment',
  GetOrder: 'GetOrder',
  UpdateOrder: 'UpdateOrder',
  AllDDbUpdated: 'AllDDbUpdated',
} as const;
export type PaymentStep = (typeof PaymentStep)[keyof typeof PaymentStep];
export const paymentStepValues = valuesOf(PaymentStep);

export const OrderPickUpDispute = {
  None: 'none',
  SomeOneElseClaim: 'SomeOneElseClaim',
  InvalidPickup: 'InvalidPickup',
} as const;
export type OrderPickUpDispute = (typeof OrderPickUpDispute)[keyof typeof OrderPickUpDispute];
export const orderPickUpDisputeValues = valuesOf(OrderPickUpDispute);

export const OrderType = {
  Gas: 'Gas',
  Product: 'Product',
  GasAndProduct: 'Gas and Product',
} as const;
export type OrderType = (typeof OrderType)[keyof typeof OrderType];
export const orderTypeValues = valuesOf(OrderType);

/**
 * The name of the first gas center, the one every installation starts with (migration 0027 makes
 * it a row). The company's centers are data (GET /api/centers): this names only the first.
 */
export const DeliverCenters = { ArriveGasCenter: 'Arrive Gas Center' } as const;
export type DeliverCenters = (typeof DeliverCenters)[keyof typeof DeliverCenters];
export const deliverCentersValues = valuesOf(DeliverCenters);

export const OrderStatus = {
  NotPaid: 'Not Paid',
  Processing: 'Processing',
  Paid: 'Paid',
  Failed: 'Failed',
  Delivered: 'Delivered',
  Cancelled: 'Cancelled',
  ClientRejectPickup: 'ClientRejectPickup',
  StaffRejectPickup: 'StaffRejectPickup',
} as const;
export type OrderStatus = (typeof OrderStatus)[keyof typeof OrderStatus];
export const orderStatusValues = valuesOf(OrderStatus);

export const PickupAttemptStatus = {
  Success: 'success',
  Failed: 'failed',
  Blocked: 'blocked',
  Expired: 'expired',
  Invalid: 'invalid',
  Pending: 'pending',
} as const;
export type PickupAttemptStatus = (typeof PickupAttemptStatus)[keyof typeof PickupAttemptStatus];
export const pickupAttemptStatusValues = valuesOf(PickupAttemptStatus);

export const PickupConfirmationAction = {
  Approve: 'Approve',
  Rejected: 'Rejected',
  ClientOffLine: 'ClientOffLine',
  Pending: 'Pending',
} as const;
export type PickupConfirmationAction = (typeof PickupConfirmationAction)[keyof typeof PickupConfirmationAction];
export const pickupConfirmationActionValues = valuesOf(PickupConfirmationAction);

/**
 * How a hand-over at the counter was confirmed (src/server/modules/pickup/README.md): the owner on their
 * app, a one-time code texted to the owner's phone and read out, or a supervisor's approval.
 */
export const HandoverMethod = {
  ClientApp: 'ClientApp',
  SmsCode: 'SmsCode',
  SupervisorApproval: 'SupervisorApproval',
} as const;
export type HandoverMethod = (typeof HandoverMethod)[keyof typeof HandoverMethod];
export const handoverMethodValues = valuesOf(HandoverMethod);

export const PickupStatus = {
  Pending: 'Pending',
  InProgress: 'InProgress',
  Completed: 'Completed',
  Cancelled: 'Cancelled',
  ClientReject: 'ClientReject',
  Approved: 'Approved',
} as const;
export type PickupStatus = (typeof PickupStatus)[keyof typeof PickupStatus];
export const pickupStatusValues = valuesOf(PickupStatus);

export const PickupEligibilityStatus = {
  Eligible: 'Eligible',
  AlreadyPickedUp: 'AlreadyPickedUp',
  NotPaid: 'NotPaid',
  DisputeExists: 'DisputeExists',
  Error: 'Error',
  Delivered: 'Delivered',
  Cancelled: 'Cancelled',
} as const;
export type PickupEligibilityStatus = (typeof PickupEligibilityStatus)[keyof typeof PickupEligibilityStatus];
export const pickupEligibilityStatusValues = valuesOf(PickupEligibilityStatus);

/** The vehicles a delivery can go by. */
export const DeliveryVehicle = {
  Car: 'Car',
  Bike: 'Bike',
  Scooter: 'Scooter',
  Truck: 'Truck',
  Walking: 'Walking',
} as const;
export type DeliveryVehicle = (typeof DeliveryVehicle)[keyof typeof DeliveryVehicle];
export const deliveryVehicleValues = valuesOf(DeliveryVehicle);

export const UserRole = { Passenger: 'Passenger', Carrier: 'Carrier' } as const;
export type UserRole = (typeof UserRole)[keyof typeof UserRole];
export const userRoleValues = valuesOf(UserRole);

/** The separate roles enumeration of the driver / rider sign-up. */
export const SignUpRole = { Driver: 'Driver', Rider: 'Rider' } as const;
export type SignUpRole = (typeof SignUpRole)[keyof typeof SignUpRole];
export const signUpRoleValues = valuesOf(SignUpRole);

export const RideStatus = {
  Pending: 'Pending',
  Accepted: 'Accepted',
  InProgress: 'InProgress',
  Rejected: 'Rejected',
  Completed: 'Completed',
  Cancelled: 'Cancelled',
} as const;
export type RideStatus = (typeof RideStatus)[keyof typeof RideStatus];
export const rideStatusValues = valuesOf(RideStatus);

export const TravelMode = {
  Driving: 'driving',
  Walking: 'walking',
  Bicycling: 'bicycling',
  Transit: 'transit',
} as const;
export type TravelMode = (typeof TravelMode)[keyof typeof TravelMode];
export const travelModeValues = valuesOf(TravelMode);

export const Platform = { Android: 'android', Ios: 'ios', Web: 'web' } as const;
export type Platform = (typeof Platform)[keyof typeof Platform];
export const platformValues = valuesOf(Platform);

export const OptVerificationType = { SMS: 'SMS', Email: 'Email' } as const;
export type OptVerificationType = (typeof OptVerificationType)[keyof typeof OptVerificationType];
export const optVerificationTypeValues = valuesOf(OptVerificationType);

/** Status of a payment-error record. */
export const PaymentErrorStatus = {
  New: 'New',
  Active: 'Active',
  Seen: 'Seen',
  InProgress: 'InProgress',
  Resolved: 'Resolved',
  Ignored: 'Ignored',
  Escalated: 'Escalated',
  Closed: 'Closed',
  Reopened: 'Reopened',
} as const;
export type PaymentErrorStatus = (typeof PaymentErrorStatus)[keyof typeof PaymentErrorStatus];
export const paymentErrorStatusValues = valuesOf(PaymentErrorStatus);

/** Type guard: is `value` one of `values`? Handy for narrowing strings read from the wire. */
export const isOneOf = <T extends string>(values: readonly T[], value: unknown): value is T =>
  typeof value === 'string' && (values as readonly string[]).includes(value);
