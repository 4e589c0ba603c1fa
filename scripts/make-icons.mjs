// Draws the app icons (brand blue with a white road-arrow "A") as PNGs, with no image tools needed.
import { writeFileSync } from 'node:fs';
import { deflateSync } from 'node:zlib';

const crcTable = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
const crc32 = (buf) => {
  let c = 0xffffffff;
  for (const b of buf) c = crcTable[(c ^ b) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
};
const chunk = (type, data) => {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const td = Buffer.concat([Buffer.from(type), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(td));
  return Buffer.concat([len, td, crc]);
};

function inTriangle(px, py, [ax, ay], [bx, by], [cx, cy]) {
  const s = (x1, y1, x2, y2, x3, y3) => (x1 - x3) * (y2 - y3) - (x2 - x3) * (y1 - y3);
  const d1 = s(px, py, ax, ay, bx, by);
  const d2 = s(px, py, bx, by, cx, cy);
  const d3 = s(px, py, cx, cy, ax, ay);
  return !((d1 < 0 || d2 < 0 || d3 < 0) && (d1 > 0 || d2 > 0 || d3 > 0));
}

function icon(size, { padding = 0, rounded = true } = {}) {
  const blue = [0x14, 0x4c, 0xc3];
  const raw = Buffer.alloc((size * 4 + 1) * size);
  const r = size * 0.22;
  for (let y = 0; y < size; y++) {
    raw[y * (size * 4 + 1)] = 0;
    for (let x = 0; x < size; x++) {
      const u = (x + 0.5) / size;
      const v = (y + 0.5) / size;
      // Rounded-square mask (full bleed for maskable icons).
      const cx = Math.min(Math.max(x, r), size - r);
      const cy = Math.min(Math.max(y, r), size - r);
      const inside = !rounded || Math.hypot(x - cx, y - cy) <= r;
      // The "A": an outer triangle minus an inner one, with a bar; scaled into the safe zone.
      const s = 1 - 2 * padding;
      const p = (a, b) => [padding + a * s, padding + b * s];
      const outer = inTriangle(u, v, p(0.5, 0.18), p(0.2, 0.82), p(0.8, 0.82));
      const hole = inTriangle(u, v, p(0.5, 0.4), p(0.37, 0.68), p(0.63, 0.68));
      const bar = v > padding + 0.6 * s && v < padding + 0.68 * s && outer;
      const white = (outer && !hole) || bar;
      const o = y * (size * 4 + 1) + 1 + x * 4;
      const [cr, cg, cb] = white ? [255, 255, 255] : blue;
      raw[o] = cr;
      raw[o + 1] = cg;
      raw[o + 2] = cb;
      raw[o + 3] = inside ? 255 : 0;
    }
  }
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(size, 0);
  ihdr.writeUInt32BE(size, 4);
  ihdr[8] = 8;
  ihdr[9] = 6;
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(raw, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

writeFileSync('public/icons/icon-192.png', icon(192));
writeFileSync('public/icons/icon-512.png', icon(512));
writeFileSync('public/icons/maskable-512.png', icon(512, { padding: 0.12, rounded: false }));
writeFileSync('public/icons/apple-touch-icon.png', icon(180, { rounded: false }));
writeFileSync('public/favicon.png', icon(48));
