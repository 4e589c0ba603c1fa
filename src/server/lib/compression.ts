/**
 * Answers of at least this many bytes are compressed (br, else gzip) for a client that accepts it.
 * Most of the app's JSON answers (a shift, a day's sales, the centers) are a few hundred bytes,
 * which brotli halves, and on a slow phone network every byte counts; below it the encoding's own
 * headers would take back most of what it saves.
 */
export const COMPRESS_FROM_BYTES = 256;
