// The center form's rules, without React: what is typed, the body it makes (checked with the same
// schema the server uses), and, for an edit, only what changed.
import {
  type Center,
  type NewCenter,
  newCenterBodySchema,
  type UpdateCenterBody,
} from '../../../../domain/schemas/center';

/** The form as typed: every field a string. */
export type CenterDraft = {
  name: string;
  address: string;
  lat: string;
  lng: string;
  phone: string;
  openingHours: string;
};

export type CenterField = keyof CenterDraft;

export const emptyCenterDraft: CenterDraft = { name: '', address: '', lat: '', lng: '', phone: '', openingHours: '' };

/** The form filled with a center, to change it. */
export const draftOf = (center: Center): CenterDraft => ({
  name: center.name,
  address: center.address,
  lat: String(center.location.lat),
  lng: String(center.location.lng),
  phone: center.phone ?? '',
  openingHours: center.openingHours ?? '',
});

/** A coordinate as typed ("6.4474", " 3,472 "); NaN when it is not a number. */
const coordinate = (text: string): number => {
  const trimmed = text.trim().replace(',', '.');
  return trimmed === '' ? Number.NaN : Number(trimmed);
};

const LOCATION_MESSAGE = {
  lat: 'Enter the latitude, a number between -90 and 90 (Lagos is about 6.5)',
  lng: 'Enter the longitude, a number between -180 and 180 (Lagos is about 3.4)',
};

export type CenterCheck = { ok: true; center: NewCenter } | { ok: false; errors: Partial<Record<CenterField, string>> };

/** The center the form describes, as the server will take it, or what is wrong with each field. */
export function checkCenterDraft(draft: CenterDraft): CenterCheck {
  const parsed = newCenterBodySchema.safeParse({
    name: draft.name,
    address: draft.address,
    location: { lat: coordinate(draft.lat), lng: coordinate(draft.lng) },
    // An empty optional field is "none given".
    phone: draft.phone.trim() ? draft.phone : null,
    openingHours: draft.openingHours.trim() ? draft.openingHours : null,
  });
  if (parsed.success) return { ok: true, center: parsed.data };
  const errors: Partial<Record<CenterField, string>> = {};
  for (const issue of parsed.error.issues) {
    const [first, second] = issue.path;
    const field: CenterField | null =
      first === 'location' ? (second === 'lng' ? 'lng' : 'lat') : ((first as CenterField | undefined) ?? null);
    if (!field || errors[field]) continue;
    errors[field] = field === 'lat' || field === 'lng' ? LOCATION_MESSAGE[field] : issue.message;
  }
  return { ok: false, errors };
}

/**
 * What an edit changes (PUT sends only those fields, so two people changing different fields do
 * not undo each other); empty when nothing changed.
 */
export function centerChanges(before: Center, after: NewCenter): UpdateCenterBody {
  const changes: UpdateCenterBody = {};
  if (after.name !== before.name) changes.name = after.name;
  if (after.address !== before.address) changes.address = after.address;
  if (after.location.lat !== before.location.lat || after.location.lng !== before.location.lng)
    changes.location = after.location;
  if ((after.phone ?? null) !== before.phone) changes.phone = after.phone ?? null;
  if ((after.openingHours ?? null) !== before.openingHours) changes.openingHours = after.openingHours ?? null;
  return changes;
}
