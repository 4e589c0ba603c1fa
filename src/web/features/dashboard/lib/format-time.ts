import { LAGOS_UTC_OFFSET_MS } from '../../../../domain/format';

/** HH:mm of the Lagos clock, whatever the tablet's time zone. */
export function formatTime(value: string | number | Date): string {
  const d = new Date(new Date(value).getTime() + LAGOS_UTC_OFFSET_MS);
  if (Number.isNaN(d.getTime())) return '';
  return `${String(d.getUTCHours()).padStart(2, '0')}:${String(d.getUTCMinutes()).padStart(2, '0')}`;
}
