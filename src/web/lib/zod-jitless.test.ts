import { describe, expect, it } from 'vitest';

describe('zod without compiled parsers on the web', () => {
  it("is read by zod's own settings, whichever loads first", async () => {
    await import('./zod-jitless');
    const { config } = await import('zod/v4/core');
    const { z } = await import('zod');
    expect(config().jitless).toBe(true);
    // And parsing works without them.
    expect(z.object({ a: z.number() }).strict().parse({ a: 1 })).toEqual({ a: 1 });
  });
});
