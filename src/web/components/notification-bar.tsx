import { CloseButton, Notification, Portal } from '@mantine/core';
import { useClickOutside } from '@mantine/hooks';
import { type ReactNode, useEffect } from 'react';
import { NOTIFICATION_AUTO_HIDE_MS } from '../../domain/constants';

export type NotificationBarProps = {
  open: boolean;
  onClose: () => void;
  message: ReactNode;
  title?: ReactNode;
  color?: 'red' | 'green' | 'blue' | 'yellow';
  /** Milliseconds before it hides itself; null keeps it until dismissed. 6000 by default. */
  autoHideMs?: number | null;
};

/** A notification bar that closes on timeout, click-away or Escape. */
export function NotificationBar({
  open,
  onClose,
  message,
  title,
  color = 'blue',
  autoHideMs = NOTIFICATION_AUTO_HIDE_MS,
}: NotificationBarProps) {
  const ref = useClickOutside<HTMLDivElement>(() => open && onClose());
  useEffect(() => {
    if (!open) return;
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && onClose();
    window.addEventListener('keydown', onKey);
    const timer = autoHideMs === null ? undefined : window.setTimeout(onClose, autoHideMs);
    return () => {
      window.removeEventListener('keydown', onKey);
      if (timer) window.clearTimeout(timer);
    };
  }, [open, onClose, autoHideMs]);
  if (!open) return null;
  return (
    <Portal>
      <div
        ref={ref}
        style={{ position: 'fixed', left: 16, right: 16, bottom: 16, zIndex: 1000, maxWidth: 480, margin: '0 auto' }}
      >
        <Notification role="status" color={color} title={title} withCloseButton={false}>
          <div style={{ display: 'flex', alignItems: 'center', gap: 8 }}>
            <div style={{ flex: 1 }}>{message}</div>
            <CloseButton aria-label="Close notification" onClick={onClose} />
          </div>
        </Notification>
      </div>
    </Portal>
  );
}
