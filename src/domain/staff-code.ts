// What the page tells the service worker about who is signed in on this device (DESIGN
// "Offline-first": the precache follows who uses the device). Staff code is cached when a staff
// member signs in and dropped when they sign out or someone without a staff record signs in.

/** The server says the signed-in user has a staff record: keep the staff screens for offline use. */
export const STAFF_SIGNED_IN_MESSAGE = 'STAFF_SIGNED_IN';
/** A staff member signed out, or someone without a staff record signed in: drop the staff screens. */
export const STAFF_SIGNED_OUT_MESSAGE = 'STAFF_SIGNED_OUT';

export type StaffCodeMessage = { type: typeof STAFF_SIGNED_IN_MESSAGE } | { type: typeof STAFF_SIGNED_OUT_MESSAGE };

/** The staff code of one build: its hashed URLs and a version that changes when they do. */
export type StaffCodeManifest = { version: string; urls: string[] };

/** Caches named `${STAFF_CACHE_PREFIX}<version>` hold the staff code of one build. */
export const STAFF_CACHE_PREFIX = 'arrive-staff-v';
