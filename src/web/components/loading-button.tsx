import { Button, type ButtonProps } from '@mantine/core';
import type { ComponentPropsWithoutRef, MouseEvent } from 'react';

export type LoadingButtonProps = ButtonProps &
  Omit<ComponentPropsWithoutRef<'button'>, keyof ButtonProps> & { loading?: boolean };

/** Shows 'Loading...' and ignores clicks while loading or disabled. */
export function LoadingButton({ loading = false, disabled, onClick, children, ...props }: LoadingButtonProps) {
  const inactive = loading || Boolean(disabled);
  const handleClick = (event: MouseEvent<HTMLButtonElement>) => {
    if (inactive) {
      event.preventDefault();
      return;
    }
    onClick?.(event);
  };
  return (
    <Button
      {...props}
      disabled={disabled}
      aria-busy={loading || undefined}
      data-loading-state={loading || undefined}
      onClick={handleClick}
    >
      {loading ? 'Loading...' : children}
    </Button>
  );
}
