import { CloseButton, Group, Modal } from '@mantine/core';
import type { ReactNode } from 'react';

/**
 * A modal named by its title. Built from Modal's parts because Modal's own header is a
 * <header> element, which screen readers (and axe) take for a second page banner.
 */
export function PaymentDialog({
  opened,
  title,
  onClose,
  closeLabel,
  fullScreen = false,
  size = 'md',
  children,
}: {
  opened: boolean;
  title: string;
  onClose: () => void;
  /** Shows a close button with this accessible name. */
  closeLabel?: string;
  fullScreen?: boolean;
  size?: string;
  children: ReactNode;
}) {
  return (
    <Modal.Root opened={opened} onClose={onClose} centered fullScreen={fullScreen} size={size}>
      <Modal.Overlay />
      <Modal.Content>
        <Modal.Body pt="md">
          <Group justify="space-between" align="center" mb="sm" wrap="nowrap">
            <Modal.Title fw={600}>{title}</Modal.Title>
            {closeLabel ? <CloseButton aria-label={closeLabel} onClick={onClose} /> : null}
          </Group>
          {children}
        </Modal.Body>
      </Modal.Content>
    </Modal.Root>
  );
}
