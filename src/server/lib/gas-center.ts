import { DeliverCenters } from '../../domain/enums';

/** The one company gas center (DeliverCenters): Allen Avenue, Ikeja. Every delivery starts here. */
export const GAS_CENTER = {
  name: DeliverCenters.ArriveGasCenter,
  address: 'Allen Avenue, Ikeja, Lagos',
  lat: 6.6018,
  lng: 3.3515,
} as const;
