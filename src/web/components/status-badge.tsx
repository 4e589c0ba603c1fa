import { Badge, type BadgeProps } from '@mantine/core';
import type { ReactNode } from 'react';
import { type StatusTone, statusToneColor } from './status-tones';

/**
 * The same tones as plain theme colours, for 'light' alerts and boxes: the theme then pairs a
 * pale background with shade 9 text (light scheme) and a dark one with shade 0 text (dark scheme).
 * Never give a 'light' variant a shade: it paints the shade as the background.
 */
export const statusToneThemeColor: Record<StatusTone, string> = {
  neutral: 'gray',
  info: 'blue',
  ok: 'green',
  warn: 'orange',
  bad: 'red',
  accent: 'violet',
};

/**
 * A status pill: filled, white text, readable on a tablet in either colour scheme. Never cut:
 * Mantine's badge ends its words in "…" when its box is narrower, which a table column, or a
 * fraction of a pixel of rounding, makes it ("PA…" for Paid, "Short ₦53,…"); a status is read
 * whole, so the badge is at least as wide as its words.
 */
export function StatusBadge({
  tone,
  children,
  ...props
}: { tone: StatusTone; children: ReactNode } & Omit<BadgeProps, 'color' | 'variant' | 'autoContrast'>) {
  return (
    <Badge miw="max-content" {...props} color={statusToneColor[tone]} variant="filled" autoContrast={false}>
      {children}
    </Badge>
  );
}
