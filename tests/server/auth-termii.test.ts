import { once } from 'node:events';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildTestApp, webHeaders } from '../../src/server/test-utils/test-app';

type TermiiCall = { path: string; body: Record<string, unknown> };

/** A local stand-in for Termii's HTTP API: records each send and answers as Termii does. */
let termii: Server;
let calls: TermiiCall[] = [];
let refuse = false;
let app: FastifyInstance;
const logs: string[] = [];
const API_KEY = 'TLtermii-test-key-0123456789';

beforeAll(async () => {
  termii = createServer((req: IncomingMessage, res: ServerResponse) => {
    let raw = '';
    req.on('data', (chunk) => {
      raw += chunk;
    });
    req.on('end', () => {
      calls.push({ path: req.url ?? '', body: JSON.parse(raw || '{}') });
      res.setHeader('content-type', 'application/json');
      if (refuse) {
        res.statusCode = 400;
        res.end(JSON.stringify({ message: 'Insufficient balance' }));
        return;
      }
      res.end(
        JSON.stringify({ message_id: '3017544054459', message: 'Successfully Sent', balance: 9, user: 'Arrive' }),
      );
    });
  });
  termii.listen(0, '127.0.0.1');
  await once(termii, 'listening');
  const { port } = termii.address() as AddressInfo;

  app = await buildTestApp({
    env: {
      SMS_PROVIDER: 'termii',
      TERMII_API_KEY: API_KEY,
      TERMII_BASE_URL: `http://127.0.0.1:${port}`,
      TERMII_SENDER_ID: 'Arrive',
    },
    allowLocalOrigins: [`http://127.0.0.1:${port}`],
    // Everything the server logs, at every level, to check no code ever reaches it.
    logger: { level: 'trace', stream: { write: (line: string) => void logs.push(line) } },
  });
});
afterAll(async () => {
  await app?.close();
  termii?.close();
});
beforeEach(() => {
  calls = [];
  refuse = false;
});

describe('the Termii SMS provider', () => {
  it("sends the code through Termii's send API on the dnd channel, and the code signs in", async () => {
    const signup = await app.inject({
      method: 'POST',
      url: '/api/auth/signup',
      headers: webHeaders,
      payload: { phoneNumber: '08051000001' },
    });
    expect(signup.statusCode).toBe(200);
    expect(calls).toHaveLength(1);
    const [call] = calls;
    expect(call?.path).toBe('/api/sms/send');
    expect(call?.body).toMatchObject({
      api_key: API_KEY,
      to: '2348051000001',
      from: 'Arrive',
      type: 'plain',
      channel: 'dnd',
    });
    const code = String(call?.body.sms).match(/\b(\d{6})\b/)?.[1];
    expect(code).toBeTruthy();

    const confirm = await app.inject({
      method: 'POST',
      url: '/api/auth/opt_confirmation',
      headers: { ...webHeaders, cookie: signup.cookies.map((c) => `${c.name}=${c.value}`).join('; ') },
      payload: { optCode: code },
    });
    expect(confirm.statusCode).toBe(200);

    const text = logs.join('\n');
    expect(logs.length).toBeGreaterThan(0);
    expect(text).toContain('SMS sent');
    expect(text).not.toContain(code);
    expect(text).not.toContain(API_KEY);
    expect(text).not.toContain(String(call?.body.sms));
  });

  it('keeps nothing in the sandbox outbox', async () => {
    const outbox = await app.inject({ method: 'GET', url: '/api/dev/outbox' });
    expect(outbox.json()).toEqual({ messages: [] });
  });

  it('answers OPTSendFailed when Termii refuses, logs no code, and leaves no usable code', async () => {
    refuse = true;
    const res = await app.inject({
      method: 'POST',
      url: '/api/auth/signup',
      headers: webHeaders,
      payload: { phoneNumber: '08051000002' },
    });
    expect(res.statusCode).toBe(502);
    expect(res.json()).toMatchObject({ type: 'OPTSendFailed' });
    const code = String(calls[0]?.body.sms).match(/\b(\d{6})\b/)?.[1];
    expect(code).toBeTruthy();
    expect(logs.join('\n')).not.toContain(code);
    const confirm = await app.inject({
      method: 'POST',
      url: '/api/auth/opt_confirmation',
      headers: { ...webHeaders, cookie: res.cookies.map((c) => `${c.name}=${c.value}`).join('; ') },
      payload: { optCode: code, mobileNumber: '08051000002' },
    });
    expect(confirm.statusCode).toBe(400);
  });

  it('answers OPTSendFailed when Termii cannot be reached', async () => {
    const closed = await buildTestApp({
      env: {
        SMS_PROVIDER: 'termii',
        TERMII_API_KEY: API_KEY,
        TERMII_BASE_URL: 'http://127.0.0.1:9',
        SEED_DEMO: 'false',
      },
      // Let through, so that the call is made and finds nobody listening.
      allowLocalOrigins: ['http://127.0.0.1:9'],
    });
    try {
      const res = await closed.inject({
        method: 'POST',
        url: '/api/auth/signup',
        headers: webHeaders,
        payload: { phoneNumber: '08051000003' },
      });
      expect(res.statusCode).toBe(502);
      expect(res.json().type).toBe('OPTSendFailed');
    } finally {
      await closed.close();
    }
  });
});
