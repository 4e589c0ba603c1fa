import { Anchor, Box, Text } from '@mantine/core';
import { RESEND_COUNTDOWN_S } from '../../../../domain/constants';
import { formatCountdown, useCountdown } from './use-countdown';

/**
 * The resend countdown (170 s, then 'Resend Code'). Its own component so that its
 * tick each second renders this line only, never the code boxes. The parent restarts it by
 * giving it a new `key`.
 */
export function ResendCountdown({ onResend, disabled }: { onResend: () => void; disabled?: boolean }) {
  const { left } = useCountdown(RESEND_COUNTDOWN_S);
  return (
    // Only the link's arrival is announced, not every second of the count.
    <Box ta="center" aria-live="polite">
      {left > 0 ? (
        <Text size="sm" aria-live="off">
          Resend code in {formatCountdown(left)}
        </Text>
      ) : (
        <Anchor component="button" type="button" onClick={onResend} disabled={disabled} fw={600} mih={44} px="sm">
          Resend Code
        </Anchor>
      )}
    </Box>
  );
}
