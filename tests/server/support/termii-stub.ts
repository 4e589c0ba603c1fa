import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export type TermiiRequest = { path: string; body: Record<string, unknown> };

/** A local stand-in for Termii's API: records what it is sent, answers like Termii (or fails on demand). */
export async function startTermiiStub() {
  const received: TermiiRequest[] = [];
  let failWith: number | null = null;
  const server: Server = createServer((req, res) => {
    let raw = '';
    req.on('data', (chunk) => {
      raw += chunk;
    });
    req.on('end', () => {
      let body: Record<string, unknown> = {};
      try {
        body = JSON.parse(raw) as Record<string, unknown>;
      } catch {}
      received.push({ path: req.url ?? '', body });
      res.setHeader('content-type', 'application/json');
      if (failWith) {
        res.statusCode = failWith;
        res.end(JSON.stringify({ message: 'stub failure' }));
        return;
      }
      res.end(
        JSON.stringify({ code: 'ok', message_id: `stub-${received.length}`, message: 'Successfully Sent', balance: 9 }),
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    received,
    /** The 6-digit code of the last SMS sent to a number ending with `phoneTail`. */
    lastCode(phoneTail: string): string | null {
      for (let i = received.length - 1; i >= 0; i--) {
        const { to, sms } = received[i]?.body ?? {};
        if (typeof to === 'string' && to.endsWith(phoneTail) && typeof sms === 'string') {
          return /\b(\d{6})\b/.exec(sms)?.[1] ?? null;
        }
      }
      return null;
    },
    failNext(status: number | null) {
      failWith = status;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
