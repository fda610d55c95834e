// Draws Folio's icons as PNG files (no image tools, no downloads): `node resources/icons/generate.mjs`.
// The mark: a page whose lines step in like a heading outline, one section highlighted — "search
// by section". Shapes are signed-distance functions, anti-aliased by 4×4 supersampling.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { crc32, deflateSync } from 'node:zlib';

const here = import.meta.dirname;

function roundedRect(x0, y0, x1, y1, radius) {
  return (x, y) => {
    const dx = Math.max(x0 + radius - x, 0, x - (x1 - radius));
    const dy = Math.max(y0 + radius - y, 0, y - (y1 - radius));
    return Math.hypot(dx, dy) <= radius && x >= x0 && x <= x1 && y >= y0 && y <= y1;
  };
}

function polygon(points) {
  return (x, y) => {
    let inside = false;
    for (let i = 0, j = points.length - 1; i < points.length; j = i++) {
      const [xi, yi] = points[i];
      const [xj, yj] = points[j];
      if (yi > y !== yj > y && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) inside = !inside;
    }
    return inside;
  };
}

/** Shapes in a 0..1 square, painted in order: [test, [r, g, b, a]]. */
function mark({ background, page, line, highlight, fold }) {
  const shapes = [];
  if (background) shapes.push([roundedRect(0.04, 0.04, 0.96, 0.96, 0.2), background]);
  // The page with its top-right corner folded.
  shapes.push([
    polygon([
      [0.25, 0.16],
      [0.63, 0.16],
      [0.77, 0.3],
      [0.77, 0.84],
      [0.25, 0.84],
    ]),
    page,
  ]);
  if (fold)
    shapes.push([
      polygon([
        [0.63, 0.16],
        [0.77, 0.3],
        [0.63, 0.3],
      ]),
      fold,
    ]);
  // Outline lines: heading, section, subsection, subsection, section.
  const rows = [
    [0.33, 0.38, 0.56],
    [0.36, 0.46, 0.69],
    [0.39, 0.54, 0.69],
    [0.39, 0.62, 0.64],
    [0.36, 0.7, 0.69],
  ];
  rows.forEach(([x0, y, x1], index) => {
    const colour = index === 2 ? highlight : line;
    shapes.push([roundedRect(x0, y - 0.022, x1, y + 0.022, 0.022), colour]);
  });
  return shapes;
}

function render(size, shapes, zoom = 1) {
  const samples = 4;
  const pixels = Buffer.alloc(size * size * 4);
  for (let py = 0; py < size; py += 1) {
    for (let px = 0; px < size; px += 1) {
      let [r, g, b, a] = [0, 0, 0, 0];
      for (let sy = 0; sy < samples; sy += 1) {
        for (let sx = 0; sx < samples; sx += 1) {
          const x = ((px + (sx + 0.5) / samples) / size - 0.5) / zoom + 0.5;
          const y = ((py + (sy + 0.5) / samples) / size - 0.5) / zoom + 0.5;
          let colour = [0, 0, 0, 0];
          for (const [inside, fill] of shapes) {
            if (inside(x, y)) colour = fill === ERASE ? [0, 0, 0, 0] : over(fill, colour);
          }
          r += colour[0] * colour[3];
          g += colour[1] * colour[3];
          b += colour[2] * colour[3];
          a += colour[3];
        }
      }
      const offset = (py * size + px) * 4;
      const n = samples * samples;
      pixels[offset] = a ? Math.round(r / a) : 0;
      pixels[offset + 1] = a ? Math.round(g / a) : 0;
      pixels[offset + 2] = a ? Math.round(b / a) : 0;
      pixels[offset + 3] = Math.round((a / n) * 255);
    }
  }
  return pixels;
}

// Source-over for one sample: colours are [r, g, b] 0..255 with alpha 0..1.
function over(top, bottom) {
  const alpha = top[3] + bottom[3] * (1 - top[3]);
  if (alpha === 0) return [0, 0, 0, 0];
  const mix = (i) => (top[i] * top[3] + bottom[i] * bottom[3] * (1 - top[3])) / alpha;
  return [mix(0), mix(1), mix(2), alpha];
}

function chunk(type, data) {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body) >>> 0);
  return Buffer.concat([length, body, crc]);
}

function png(size, pixels) {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.set([8, 6, 0, 0, 0], 8); // 8-bit RGBA, no interlace
  const rows = [];
  for (let y = 0; y < size; y += 1) {
    rows.push(Buffer.from([0]), pixels.subarray(y * size * 4, (y + 1) * size * 4));
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.concat(rows), { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

// A fill that clears what is below it (the template icon's lines are holes in the page).
const ERASE = 'erase';

const colour = {
  app: {
    background: [48, 63, 159, 1],
    page: [250, 250, 252, 1],
    fold: [197, 202, 233, 1],
    line: [121, 134, 203, 1],
    highlight: [255, 193, 7, 1],
  },
  // macOS tints template images itself: a black page with its lines and corner cut out.
  template: { page: [0, 0, 0, 1], line: ERASE, highlight: ERASE, fold: ERASE },
};

const outputs = [
  ['icon.png', 1024, () => render(1024, mark(colour.app))],
  ['tray.png', 16, () => render(16, mark(colour.app))],
  ['tray@2x.png', 32, () => render(32, mark(colour.app))],
  // Menu-bar icons have no background square, so the page is drawn larger.
  ['trayTemplate.png', 16, () => render(16, mark(colour.template), 1.4)],
  ['trayTemplate@2x.png', 32, () => render(32, mark(colour.template), 1.4)],
];

for (const [name, size, draw] of outputs) {
  writeFileSync(join(here, name), png(size, draw()));
  console.log(`${name} ${size}×${size}`);
}
