// PostgreSQL keeps text as UTF-8 and refuses a NUL character in text and jsonb alike (the query
// fails, which the caller would see as a 5xx). A lone UTF-16 surrogate has no UTF-8 form at all:
// node-postgres and PGlite quietly store U+FFFD in its place. Input carrying either is refused
// where it enters (every HTTP route, the pickup channel), so the database never meets it.

/** A NUL, or a high surrogate not followed by a low one, or a low surrogate not preceded by a high one. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding the NUL is the point.
const UNSTORABLE = /\u0000|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what gets escaped.
const UNPRINTABLE = /[\u0000-\u001f\u007f]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

/** Why PostgreSQL would refuse (or alter) this text, or null when it stores it as it is. */
export function unstorableTextReason(text: string): string | null {
  const match = UNSTORABLE.exec(text);
  if (!match) return null;
  return match[0] === '\u0000'
    ? 'contains a NUL character (\\u0000)'
    : 'contains a lone UTF-16 surrogate, which is not valid Unicode';
}

/** The text with control characters and lone surrogates written as \uXXXX, for messages and field names. */
export function printableText(text: string): string {
  return text.replace(UNPRINTABLE, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

export type UnstorableText = {
  /** Where the text is, e.g. `body.items.0.name`, `params.id`, `query.status`. */
  field: string;
  reason: string;
};

const join = (path: string, key: string) => (path ? `${path}.${key}` : key);

/**
 * The first string in a parsed value (a JSON body, a query, an event payload) — an object's key
 * counts too, since jsonb keeps keys — that PostgreSQL would refuse, or null. Iterative, so a
 * deeply nested body cannot overflow the stack.
 */
export function findUnstorableText(value: unknown, root = ''): UnstorableText | null {
  const pending: [unknown, string][] = [[value, root]];
  while (pending.length > 0) {
    const [current, path] = pending.pop() as [unknown, string];
    if (typeof current === 'string') {
      const reason = unstorableTextReason(current);
      if (reason) return { field: path || '(value)', reason };
    } else if (Array.isArray(current)) {
      for (let i = current.length - 1; i >= 0; i--) pending.push([current[i], join(path, String(i))]);
    } else if (typeof current === 'object' && current !== null && !ArrayBuffer.isView(current)) {
      const keys = Object.keys(current);
      for (const key of keys) {
        const reason = unstorableTextReason(key);
        if (reason) return { field: join(path, printableText(key)), reason: `its name ${reason}` };
      }
      for (let i = keys.length - 1; i >= 0; i--) {
        const key = keys[i] as string;
        pending.push([(current as Record<string, unknown>)[key], join(path, key)]);
      }
    }
  }
  return null;
}
