/*
 * pdfme draws barcodes and QR codes with bwip-js on a <canvas> when `window` exists and with a Node Buffer
 * API otherwise; a Web Worker has neither a DOM nor Node. This gives the worker the little it uses: a
 * `document.createElement('canvas')` backed by an OffscreenCanvas whose `toDataURL()` encodes a PNG
 * synchronously (stored deflate blocks: barcodes are small). Nothing else in pdfme's generator reads `window`
 * for object page sizes.
 */

const CRC_TABLE = (() => {
  const t = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    t[n] = c >>> 0;
  }
  return t;
})();

function crc32(bytes: Uint8Array): number {
  let c = 0xffffffff;
  for (const b of bytes) c = CRC_TABLE[(c ^ b) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Uint8Array): Uint8Array {
  const out = new Uint8Array(12 + data.length);
  const view = new DataView(out.buffer);
  view.setUint32(0, data.length);
  for (let i = 0; i < 4; i++) out[4 + i] = type.charCodeAt(i);
  out.set(data, 8);
  view.setUint32(8 + data.length, crc32(out.subarray(4, 8 + data.length)));
  return out;
}

/** zlib stream of stored (uncompressed) blocks. */
function zlibStored(raw: Uint8Array): Uint8Array {
  const blocks = Math.max(1, Math.ceil(raw.length / 65535));
  const out = new Uint8Array(2 + raw.length + blocks * 5 + 4);
  out[0] = 0x78;
  out[1] = 0x01;
  let o = 2;
  for (let i = 0; i < blocks; i++) {
    const part = raw.subarray(i * 65535, Math.min(raw.length, (i + 1) * 65535));
    out[o++] = i === blocks - 1 ? 1 : 0;
    out[o++] = part.length & 0xff;
    out[o++] = part.length >>> 8;
    out[o++] = ~part.length & 0xff;
    out[o++] = (~part.length >>> 8) & 0xff;
    out.set(part, o);
    o += part.length;
  }
  let a = 1;
  let b = 0;
  for (const v of raw) {
    a = (a + v) % 65521;
    b = (b + a) % 65521;
  }
  new DataView(out.buffer).setUint32(o, ((b << 16) | a) >>> 0);
  return out;
}

/** An RGBA image as a PNG data URL. */
export function pngDataUrl(width: number, height: number, rgba: Uint8ClampedArray): string {
  const raw = new Uint8Array((width * 4 + 1) * height);
  for (let y = 0; y < height; y++) {
    raw[y * (width * 4 + 1)] = 0;
    raw.set(rgba.subarray(y * width * 4, (y + 1) * width * 4), y * (width * 4 + 1) + 1);
  }
  const header = new Uint8Array(13);
  const hv = new DataView(header.buffer);
  hv.setUint32(0, width);
  hv.setUint32(4, height);
  header.set([8, 6, 0, 0, 0], 8);
  const parts = [
    new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', zlibStored(raw)),
    chunk('IEND', new Uint8Array()),
  ];
  let binary = '';
  for (const p of parts)
    for (let i = 0; i < p.length; i += 0x8000) binary += String.fromCharCode(...p.subarray(i, i + 0x8000));
  return `data:image/png;base64,${btoa(binary)}`;
}

/** An OffscreenCanvas (bwip-js checks the constructor's name) that can also answer toDataURL(). */
function workerCanvas(): OffscreenCanvas & { toDataURL: () => string } {
  const canvas = new OffscreenCanvas(1, 1);
  return Object.assign(canvas, {
    toDataURL(): string {
      const ctx = canvas.getContext('2d')!;
      return pngDataUrl(canvas.width, canvas.height, ctx.getImageData(0, 0, canvas.width, canvas.height).data);
    },
  });
}

const scope = globalThis as unknown as { window?: unknown; document?: unknown };
if (typeof scope.window === 'undefined' && typeof OffscreenCanvas !== 'undefined') {
  scope.window = globalThis;
  scope.document = {
    createElement: (tag: string) => {
      if (tag !== 'canvas') throw new Error(`no <${tag}> in the PDF worker`);
      return workerCanvas();
    },
  };
}
