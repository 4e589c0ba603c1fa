import type { ReactNode } from 'react';
import s from './board-card.module.css';

/**
 * A plain button in the look of Mantine's Button, size lg (`filled` in the theme's colour or
 * `red`, `light`, `default`): the board draws a few on each of hundreds of cards. Loading, it is
 * disabled and spins, as Mantine's does.
 */
export function BoardButton({
  variant = 'filled',
  disabled = false,
  loading = false,
  onClick,
  children,
}: {
  variant?: 'filled' | 'red' | 'light' | 'default';
  disabled?: boolean;
  loading?: boolean;
  onClick: () => void;
  children: ReactNode;
}) {
  const look = variant === 'filled' ? s.button : `${s.button} ${s[variant]}`;
  return (
    <button
      type="button"
      className={look}
      disabled={disabled || loading}
      data-disabled={disabled || undefined}
      data-loading={loading || undefined}
      onClick={onClick}
    >
      {children}
      {loading && <span className={s.spinner} aria-hidden="true" />}
    </button>
  );
}
