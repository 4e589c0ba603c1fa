/**
 * A signed-in client of a really started server, over HTTP on 127.0.0.1 (fetch): keeps its
 * cookies like a browser and sends `x-platform: web` like the web app does.
 */
export class HttpClient {
  private readonly cookies = new Map<string, string>();

  constructor(
    public baseUrl: string,
    readonly phone: string,
  ) {}

  private remember(res: Response) {
    for (const line of res.headers.getSetCookie()) {
      const [pair = ''] = line.split(';');
      const eq = pair.indexOf('=');
      if (eq <= 0) continue;
      const name = pair.slice(0, eq).trim();
      const value = pair.slice(eq + 1).trim();
      if (value === '' || /max-age=0|expires=thu, 01 jan 1970/i.test(line)) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }

  get cookieHeader(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }

  /** One request; the body is parsed as JSON when there is one. Throws on a network error or timeout. */
  async send<T = unknown>(
    method: 'GET' | 'POST',
    path: string,
    body?: unknown,
    timeoutMs = 20_000,
  ): Promise<{ status: number; body: T }> {
    const headers: Record<string, string> = { 'x-platform': 'web' };
    if (body !== undefined) headers['content-type'] = 'application/json';
    if (this.cookies.size > 0) headers.cookie = this.cookieHeader;
    const res = await fetch(`${this.baseUrl}${path}`, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(timeoutMs),
    });
    this.remember(res);
    const text = await res.text();
    let parsed: unknown = text;
    try {
      parsed = text ? JSON.parse(text) : null;
    } catch {}
    return { status: res.status, body: parsed as T };
  }

  /** Signs up through the real OTP flow, reading the code from the sandbox outbox. */
  async signUp(): Promise<string> {
    const started = await this.send('POST', '/api/auth/signup', { phoneNumber: this.phone });
    if (started.status !== 200)
      throw new Error(`signup ${this.phone}: ${started.status} ${JSON.stringify(started.body)}`);
    const outbox = await this.send<{ messages: { body: string }[] }>(
      'GET',
      `/api/dev/outbox?to=${encodeURIComponent(this.phone)}`,
    );
    const code = outbox.body.messages.map((m) => /\b(\d{6})\b/.exec(m.body)?.[1]).find(Boolean);
    if (!code) throw new Error(`no code in the outbox for ${this.phone}`);
    const confirmed = await this.send<{ auth?: { clientId?: string } }>('POST', '/api/auth/opt_confirmation', {
      optCode: code,
    });
    const clientId = confirmed.body.auth?.clientId;
    if (confirmed.status !== 200 || !clientId) {
      throw new Error(`opt_confirmation ${this.phone}: ${confirmed.status} ${JSON.stringify(confirmed.body)}`);
    }
    return clientId;
  }
}
