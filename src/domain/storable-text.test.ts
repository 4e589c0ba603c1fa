import { describe, expect, it } from 'vitest';
import { findUnstorableText, printableText, unstorableTextReason } from './storable-text';

describe('unstorableTextReason', () => {
  it('refuses a NUL and a lone surrogate of either half', () => {
    expect(unstorableTextReason('a\u0000b')).toMatch(/NUL/);
    expect(unstorableTextReason('\ud800')).toMatch(/surrogate/);
    expect(unstorableTextReason('a\udfffb')).toMatch(/surrogate/);
    expect(unstorableTextReason('\udc00\ud800')).toMatch(/surrogate/);
  });

  it('accepts text PostgreSQL stores as it is', () => {
    for (const text of ['', 'Adé', '👩🏽‍🍳', '\ud83d\ude00', 'tab\tnew\nline', '%00', '\\u0000']) {
      expect(unstorableTextReason(text), text).toBeNull();
    }
  });
});

describe('findUnstorableText', () => {
  it('names the field, nested in objects and arrays', () => {
    expect(findUnstorableText({ a: 'ok', b: { c: ['ok', 'x\u0000'] } }, 'body')).toEqual({
      field: 'body.b.c.1',
      reason: expect.stringMatching(/NUL/),
    });
    expect(findUnstorableText('\ud800', 'query.q')?.field).toBe('query.q');
    expect(findUnstorableText({ pingId: '\u0000' })?.field).toBe('pingId');
  });

  it('names a key that carries the character, written printably', () => {
    expect(findUnstorableText({ 'note\u0000': 1 }, 'body')).toEqual({
      field: 'body.note\\u0000',
      reason: expect.stringMatching(/^its name/),
    });
  });

  it('passes clean values, numbers and nulls', () => {
    expect(findUnstorableText({ a: 1, b: null, c: [true, 'Adé'], d: undefined }, 'body')).toBeNull();
    expect(findUnstorableText(undefined, 'body')).toBeNull();
  });

  it('walks a deeply nested value without overflowing the stack', () => {
    let deep: unknown = 'bottom\u0000';
    for (let i = 0; i < 200_000; i++) deep = [deep];
    expect(findUnstorableText(deep, 'body')?.reason).toMatch(/NUL/);
  });
});

describe('printableText', () => {
  it('writes control characters and lone surrogates as escapes, and keeps the rest', () => {
    expect(printableText('a\u0000b\ud800c👩🏽')).toBe('a\\u0000b\\ud800c👩🏽');
  });
});
