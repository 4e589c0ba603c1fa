// What a push carries (src/server/modules/notification/messages.ts), read defensively.

export type PushMessage = { title: string; body: string; url: string; tag?: string };

/** The server's JSON, or a plain text; never trusted for a URL off this origin. */
export function readPushMessage(text: string, origin: string): PushMessage {
  try {
    const m = JSON.parse(text) as Partial<PushMessage>;
    const url = typeof m.url === 'string' ? new URL(m.url, origin) : null;
    return {
      title: typeof m.title === 'string' && m.title ? m.title : 'Arrive',
      body: typeof m.body === 'string' ? m.body : '',
      url: url && url.origin === origin ? url.pathname + url.search : '/',
      ...(typeof m.tag === 'string' ? { tag: m.tag } : {}),
    };
  } catch {
    return { title: 'Arrive', body: text, url: '/' };
  }
}
