/**
 * Just enough PNG decoding to tell whether two screenshots show the same pixels: Chromium does not
 * always encode the same picture into the same bytes, and an unchanged picture must leave the file
 * (and `git status`) alone. 8-bit, non-interlaced grey, grey+alpha, RGB and RGBA: what Chromium writes.
 */
import { inflateSync } from 'node:zlib';

export interface DecodedPng {
  width: number;
  height: number;
  /** RGBA, 4 bytes a pixel, row after row. */
  rgba: Uint8Array;
}

const SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
/** Bytes per pixel of each colour type at 8 bits a sample. */
const CHANNELS: Record<number, number> = { 0: 1, 2: 3, 4: 2, 6: 4 };

export function decodePng(png: Uint8Array): DecodedPng {
  const buf = Buffer.from(png.buffer, png.byteOffset, png.byteLength);
  if (buf.length < 8 || !buf.subarray(0, 8).equals(SIGNATURE)) throw new Error('not a PNG');
  let width = 0;
  let height = 0;
  let colorType = -1;
  const idat: Buffer[] = [];
  for (let at = 8; at + 8 <= buf.length; ) {
    const length = buf.readUInt32BE(at);
    const type = buf.toString('latin1', at + 4, at + 8);
    const data = buf.subarray(at + 8, at + 8 + length);
    if (type === 'IHDR') {
      width = data.readUInt32BE(0);
      height = data.readUInt32BE(4);
      const [bitDepth, ct, , , interlace] = [data[8], data[9], data[10], data[11], data[12]];
      if (bitDepth !== 8 || interlace !== 0 || CHANNELS[ct!] === undefined) {
        throw new Error(`unsupported PNG (bit depth ${bitDepth}, colour type ${ct}, interlace ${interlace})`);
      }
      colorType = ct!;
    } else if (type === 'IDAT') idat.push(data);
    else if (type === 'IEND') break;
    at += 12 + length;
  }
  if (colorType < 0) throw new Error('a PNG without IHDR');
  const bpp = CHANNELS[colorType]!;
  const stride = width * bpp;
  const raw = inflateSync(Buffer.concat(idat));
  if (raw.length < height * (stride + 1)) throw new Error('a truncated PNG');
  const rgba = new Uint8Array(width * height * 4);
  let prev = new Uint8Array(stride);
  for (let y = 0; y < height; y++) {
    const filter = raw[y * (stride + 1)]!;
    const line = Uint8Array.from(raw.subarray(y * (stride + 1) + 1, (y + 1) * (stride + 1)));
    unfilter(filter, line, prev, bpp);
    for (let x = 0; x < width; x++) {
      const s = x * bpp;
      const d = (y * width + x) * 4;
      if (bpp >= 3) {
        rgba[d] = line[s]!;
        rgba[d + 1] = line[s + 1]!;
        rgba[d + 2] = line[s + 2]!;
      } else rgba[d] = rgba[d + 1] = rgba[d + 2] = line[s]!;
      rgba[d + 3] = bpp === 4 ? line[s + 3]! : bpp === 2 ? line[s + 1]! : 255;
    }
    prev = line;
  }
  return { width, height, rgba };
}

function unfilter(filter: number, line: Uint8Array, prev: Uint8Array, bpp: number): void {
  for (let x = 0; x < line.length; x++) {
    const a = x >= bpp ? line[x - bpp]! : 0;
    const b = prev[x]!;
    const c = x >= bpp ? prev[x - bpp]! : 0;
    let add: number;
    if (filter === 0) add = 0;
    else if (filter === 1) add = a;
    else if (filter === 2) add = b;
    else if (filter === 3) add = (a + b) >> 1;
    else if (filter === 4) {
      const p = a + b - c;
      const pa = Math.abs(p - a);
      const pb = Math.abs(p - b);
      const pc = Math.abs(p - c);
      add = pa <= pb && pa <= pc ? a : pb <= pc ? b : c;
    } else throw new Error(`unknown PNG filter ${filter}`);
    line[x] = (line[x]! + add) & 0xff;
  }
}

/**
 * Same size and, at every pixel, each RGBA channel within `tolerance` of the other's; false for
 * anything that does not decode. A tolerance of 1 or 2 absorbs what Chromium's rasteriser varies
 * between runs (the anti-aliasing of a rounded corner, one unit here and there), invisible to the eye.
 */
export function samePixels(a: Uint8Array, b: Uint8Array, tolerance = 0): boolean {
  let x: DecodedPng;
  let y: DecodedPng;
  try {
    x = decodePng(a);
    y = decodePng(b);
  } catch {
    return false;
  }
  if (x.width !== y.width || x.height !== y.height) return false;
  for (let i = 0; i < x.rgba.length; i++) if (Math.abs(x.rgba[i]! - y.rgba[i]!) > tolerance) return false;
  return true;
}
