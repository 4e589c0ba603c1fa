/**
 * Approximate centres of common Lagos areas: the sandbox geocoder's whole world, and the
 * suggestions the address form offers. Coordinates are area centroids, good to about a km.
 */
export const LAGOS_AREAS: readonly { name: string; lat: number; lng: number; aliases?: readonly string[] }[] = [
  { name: 'Ikeja', lat: 6.6018, lng: 3.3515, aliases: ['allen avenue', 'alausa', 'ikeja gra'] },
  { name: 'Agege', lat: 6.6186, lng: 3.3209 },
  { name: 'Ogba', lat: 6.6286, lng: 3.3395 },
  { name: 'Maryland', lat: 6.5713, lng: 3.3671 },
  { name: 'Ojota', lat: 6.5813, lng: 3.3797 },
  { name: 'Magodo', lat: 6.6195, lng: 3.3861 },
  { name: 'Gbagada', lat: 6.5538, lng: 3.3886 },
  { name: 'Oshodi', lat: 6.5569, lng: 3.3469 },
  { name: 'Mushin', lat: 6.5273, lng: 3.3541 },
  { name: 'Surulere', lat: 6.4969, lng: 3.3539 },
  { name: 'Yaba', lat: 6.5095, lng: 3.3711, aliases: ['sabo', 'akoka'] },
  { name: 'Ebute Metta', lat: 6.4847, lng: 3.3774 },
  { name: 'Lagos Island', lat: 6.4549, lng: 3.3947, aliases: ['idumota', 'marina', 'obalende'] },
  { name: 'Ikoyi', lat: 6.4474, lng: 3.4357 },
  { name: 'Victoria Island', lat: 6.4281, lng: 3.4219, aliases: ['vi', 'v.i', 'v.i.'] },
  { name: 'Lekki Phase 1', lat: 6.4478, lng: 3.4723, aliases: ['lekki'] },
  { name: 'Ajah', lat: 6.4698, lng: 3.5852 },
  { name: 'Apapa', lat: 6.4489, lng: 3.3595 },
  { name: 'Festac Town', lat: 6.4664, lng: 3.2836, aliases: ['festac'] },
  { name: 'Ikorodu', lat: 6.6194, lng: 3.5105 },
];

/** The area named in a free-text address, longest names first so 'Lekki Phase 1' beats 'Lekki'. */
export function findLagosArea(text: string): (typeof LAGOS_AREAS)[number] | null {
  const hay = ` ${text.toLowerCase().replace(/[,;]/g, ' ').replace(/\s+/g, ' ')} `;
  const candidates = LAGOS_AREAS.flatMap((area) =>
    [area.name, ...(area.aliases ?? [])].map((name) => ({ area, name: name.toLowerCase() })),
  ).sort((a, b) => b.name.length - a.name.length);
  for (const { area, name } of candidates) {
    if (hay.includes(` ${name} `)) return area;
  }
  return null;
}
