import { Alert, Box, Button, Group, Stack, Text } from '@mantine/core';
import { useCallback, useEffect, useId, useRef, useState } from 'react';

type ScannerState =
  | { kind: 'idle' }
  | { kind: 'starting' }
  | { kind: 'scanning' }
  | { kind: 'unavailable'; message: string };
type Scanner = { stop: () => Promise<void>; clear: () => void };

function cameraProblem(error: unknown): string {
  const text = String(error instanceof Error ? `${error.name} ${error.message}` : error);
  if (/NotAllowed|Permission/i.test(text)) return 'Camera permission was refused. Type the pickup code instead.';
  if (/NotFound|no camera|Requested device not found|OverconstrainedError/i.test(text))
    return 'No camera was found on this device. Type the pickup code instead.';
  if (/NotReadable|in use/i.test(text)) return 'The camera is in use by another app. Type the pickup code instead.';
  return 'The camera could not start. Type the pickup code instead.';
}

/**
 * Scans the order's QR code with the tablet's camera (html5-qrcode, loaded on demand). A refused
 * or missing camera is said plainly, and the desk types the pickup code instead.
 */
export function QrScanner({ onScan, onUnavailable }: { onScan: (text: string) => void; onUnavailable?: () => void }) {
  const regionId = `qr-region-${useId().replace(/[^a-zA-Z0-9]/g, '')}`;
  const scanner = useRef<Scanner | null>(null);
  const [state, setState] = useState<ScannerState>({ kind: 'idle' });
  const latestOnScan = useRef(onScan);
  latestOnScan.current = onScan;

  const stop = useCallback(async () => {
    const current = scanner.current;
    scanner.current = null;
    if (current) {
      await current.stop().catch(() => {});
      current.clear();
    }
    setState((s) => (s.kind === 'unavailable' ? s : { kind: 'idle' }));
  }, []);

  const start = useCallback(async () => {
    if (!navigator.mediaDevices?.getUserMedia) {
      setState({
        kind: 'unavailable',
        message: 'This browser cannot use a camera here. Type the pickup code instead.',
      });
      onUnavailable?.();
      return;
    }
    setState({ kind: 'starting' });
    try {
      const { Html5Qrcode } = await import('html5-qrcode');
      const instance = new Html5Qrcode(regionId, { verbose: false });
      scanner.current = instance;
      await instance.start(
        { facingMode: 'environment' },
        { fps: 10, qrbox: { width: 240, height: 240 } },
        (text) => {
          void stop();
          latestOnScan.current(text);
        },
        () => {},
      );
      setState({ kind: 'scanning' });
    } catch (error) {
      scanner.current = null;
      setState({ kind: 'unavailable', message: cameraProblem(error) });
      onUnavailable?.();
    }
  }, [regionId, stop, onUnavailable]);

  useEffect(
    () => () => {
      void stop();
    },
    [stop],
  );

  return (
    <Stack gap="xs">
      <Box
        id={regionId}
        style={{
          width: '100%',
          maxWidth: 360,
          minHeight: state.kind === 'scanning' || state.kind === 'starting' ? 240 : 0,
          borderRadius: 8,
          overflow: 'hidden',
        }}
        role="region"
        aria-label="Camera view"
      />
      {state.kind === 'unavailable' && (
        <Alert color="#a63c06" role="alert" title="Camera unavailable">
          {state.message}
        </Alert>
      )}
      <Group>
        {state.kind === 'scanning' || state.kind === 'starting' ? (
          <Button variant="default" onClick={() => void stop()}>
            Stop camera
          </Button>
        ) : (
          <Button onClick={() => void start()} size="md">
            {state.kind === 'unavailable' ? 'Try the camera again' : 'Scan QR code'}
          </Button>
        )}
        {state.kind === 'scanning' && <Text size="sm">Point the camera at the QR code on the client’s phone.</Text>}
      </Group>
    </Stack>
  );
}
