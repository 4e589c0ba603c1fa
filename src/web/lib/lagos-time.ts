import { formatDate, LAGOS_UTC_OFFSET_MS } from '../../domain/format';

/** HH:mm of the Lagos clock, whatever the device's time zone; '' for an invalid date. */
export function formatTime(value: string | number | Date): string {
  const d = new Date(new Date(value).getTime() + LAGOS_UTC_OFFSET_MS);
  if (Number.isNaN(d.getTime())) return '';
  return `${String(d.getUTCHours()).padStart(2, '0')}:${String(d.getUTCMinutes()).padStart(2, '0')}`;
}

/** 'dd/MM/yyyy HH:mm' in Lagos time, for timelines and "last updated". */
export function formatDateTime(value: string | number | Date): string {
  const d = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(d.getTime())) return '';
  return `${formatDate(d)} ${formatTime(d)}`;
}
