import { formatDate } from '../../../../domain/format';

const time = new Intl.DateTimeFormat('en-GB', { hour: '2-digit', minute: '2-digit', timeZone: 'Africa/Lagos' });

/** 'dd/MM/yyyy HH:mm' in Lagos time, for timelines and "last updated". */
export function formatDateTime(value: string | number | Date): string {
  const d = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(d.getTime())) return '';
  return `${formatDate(d)} ${time.format(d)}`;
}
