import type { Center } from '../../domain/schemas/center';

/** The first center, as every installation has it (the demo's too). */
export const ikejaCenter: Center = {
  id: '0b9a8c7d-6e5f-4a3b-9c2d-1e0f9a8b7c6d',
  name: 'Arrive Gas Center',
  address: 'Allen Avenue, Ikeja, Lagos',
  location: { lat: 6.6018, lng: 3.3515 },
  phone: '0801 000 0000',
  openingHours: 'Mon–Sat 7:00–19:00',
};

/** The demo's second center. */
export const lekkiCenter: Center = {
  id: '5d4c3b2a-1f0e-4d9c-8b7a-6f5e4d3c2b1a',
  name: 'Arrive Lekki',
  address: 'Admiralty Way, Lekki Phase 1, Lagos',
  location: { lat: 6.4474, lng: 3.472 },
  phone: null,
  openingHours: 'Mon–Sun 8:00–20:00',
};

/** GET /api/centers answers them by name. */
export const twoCenters: Center[] = [ikejaCenter, lekkiCenter];
