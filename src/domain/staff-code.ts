// What the page tells the service worker about who is signed in on this device (DESIGN
// "Offline-first": the precache follows who uses the device). A visitor's device keeps only the
// public pages and the app shell; a sign-in caches the signed-in app's code; a staff sign-in the
// staff code on top. Staff code is dropped when staff sign out or someone without a staff record
// signs in.

/** The server says the signed-in user has a staff record: keep the app and the staff screens. */
export const STAFF_SIGNED_IN_MESSAGE = 'STAFF_SIGNED_IN';
/** Someone without a staff record signed in: keep the app's screens, drop the staff screens. */
export const CLIENT_SIGNED_IN_MESSAGE = 'CLIENT_SIGNED_IN';
/** A staff member signed out, or someone without a staff record signed in: drop the staff screens. */
export const STAFF_SIGNED_OUT_MESSAGE = 'STAFF_SIGNED_OUT';

export type StaffCodeMessage =
  | { type: typeof STAFF_SIGNED_IN_MESSAGE }
  | { type: typeof CLIENT_SIGNED_IN_MESSAGE }
  | { type: typeof STAFF_SIGNED_OUT_MESSAGE };

/** The code of one role in one build: its hashed URLs and a version that changes when they do. */
export type StaffCodeManifest = { version: string; urls: string[] };

/** Caches named `${STAFF_CACHE_PREFIX}<version>` hold the staff code of one build. */
export const STAFF_CACHE_PREFIX = 'arrive-staff-v';
/** Caches named `${APP_CACHE_PREFIX}<version>` hold the signed-in app's code of one build. */
export const APP_CACHE_PREFIX = 'arrive-app-v';

/** The page lists the images its first visit showed (before the worker ran): the worker keeps them. */
export const KEEP_IMAGES_MESSAGE = 'KEEP_IMAGES';
/** Where the worker keeps shown images (sw/images.ts). */
export const IMAGES_CACHE = 'arrive-images';
