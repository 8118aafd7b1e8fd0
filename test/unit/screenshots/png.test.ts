import { deflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { decodePng, samePixels } from '../../../scripts/screenshots/png';

function chunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'latin1');
  return Buffer.concat([head, data, Buffer.alloc(4)]); // the CRC is not checked by the decoder
}

/** An RGBA PNG of `pixels` (rows of [r,g,b,a]), each row stored with the filter `filterOf(y)`. */
function encode(pixels: number[][][], filterOf: (y: number) => number, level = 6): Buffer {
  const height = pixels.length;
  const width = pixels[0]!.length;
  const stride = width * 4;
  const rows: Buffer[] = [];
  let prev = Buffer.alloc(stride);
  for (let y = 0; y < height; y++) {
    const line = Buffer.from(pixels[y]!.flat());
    const f = filterOf(y);
    const out = Buffer.alloc(stride);
    for (let x = 0; x < stride; x++) {
      const a = x >= 4 ? line[x - 4]! : 0;
      const b = prev[x]!;
      const c = x >= 4 ? prev[x - 4]! : 0;
      const p = a + b - c;
      const paeth = Math.abs(p - a) <= Math.abs(p - b) && Math.abs(p - a) <= Math.abs(p - c) ? a : Math.abs(p - b) <= Math.abs(p - c) ? b : c;
      const pred = [0, a, b, (a + b) >> 1, paeth][f]!;
      out[x] = (line[x]! - pred) & 0xff;
    }
    rows.push(Buffer.from([f]), out);
    prev = line;
  }
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8;
  ihdr[9] = 6;
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(Buffer.concat(rows), { level })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

const picture = Array.from({ length: 5 }, (_, y) => Array.from({ length: 6 }, (_, x) => [(x * 40 + y) & 255, (y * 50) & 255, (x * y * 7) & 255, 255 - x]));

describe('PNG pixels', () => {
  it('decode whatever filter each row was stored with', () => {
    for (let f = 0; f <= 4; f++) {
      const { width, height, rgba } = decodePng(encode(picture, () => f));
      expect([width, height]).toEqual([6, 5]);
      expect(Array.from(rgba)).toEqual(picture.flat(2));
    }
  });

  it('are the same for two encodings of one picture (other filters, other compression)', () => {
    const a = encode(picture, () => 0, 1);
    const b = encode(picture, (y) => y % 5, 9);
    expect(a.equals(b)).toBe(false);
    expect(samePixels(a, b)).toBe(true);
  });

  it('differ when one pixel does, or the size does', () => {
    const changed = picture.map((row, y) => row.map((px, x) => (y === 3 && x === 2 ? [px[0]!, px[1]! ^ 1, px[2]!, px[3]!] : [...px])));
    expect(samePixels(encode(picture, () => 4), encode(changed, () => 4))).toBe(false);
    expect(samePixels(encode(picture, () => 0), encode(picture.slice(1), () => 0))).toBe(false);
  });

  it('match within a tolerance per channel, and only within it', () => {
    const nudged = picture.map((row, y) => row.map((px, x) => (y === 1 && x === 4 ? [px[0]! ^ 1, px[1]!, Math.min(255, px[2]! + 2), px[3]!] : [...px])));
    const a = encode(picture, () => 1);
    const b = encode(nudged, () => 2);
    expect(samePixels(a, b)).toBe(false);
    expect(samePixels(a, b, 2)).toBe(true);
    expect(samePixels(a, b, 1)).toBe(false);
  });

  it('never match what is not a PNG', () => {
    expect(samePixels(Buffer.from('not a png'), encode(picture, () => 0))).toBe(false);
    expect(() => decodePng(Buffer.from('GIF89a'))).toThrow(/not a PNG/);
  });
});
