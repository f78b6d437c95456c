/**
 * What the user sees, read from real screenshots. The PNG is decoded in the page
 * (createImageBitmap), so no image library is needed.
 */
import type { Page } from 'playwright-core';

export interface Pixels {
  /** RGBA, row by row. */
  data: Uint8ClampedArray;
  width: number;
  height: number;
}

/** A screenshot's pixels. */
export async function decodePng(page: Page, png: Buffer): Promise<Pixels> {
  const decoded = await page.evaluate(async (base64) => {
    const bytes = Uint8Array.from(atob(base64), (char) => char.charCodeAt(0));
    const bitmap = await createImageBitmap(new Blob([bytes], { type: 'image/png' }));
    const canvas = new OffscreenCanvas(bitmap.width, bitmap.height);
    const context = canvas.getContext('2d')!;
    context.drawImage(bitmap, 0, 0);
    const { data, width, height } = context.getImageData(0, 0, bitmap.width, bitmap.height);
    return { data: Array.from(data), width, height };
  }, png.toString('base64'));
  return { ...decoded, data: Uint8ClampedArray.from(decoded.data) };
}

/** Hue in degrees and HSL saturation of 0–255 channels. */
function hsl(r: number, g: number, b: number) {
  const [max, min] = [Math.max(r, g, b) / 255, Math.min(r, g, b) / 255];
  const lightness = (max + min) / 2;
  const chroma = max - min;
  if (chroma === 0) return { hue: 0, saturation: 0 };
  const saturation = chroma / (1 - Math.abs(2 * lightness - 1));
  const [rr, gg, bb] = [r / 255, g / 255, b / 255];
  const sector =
    max === rr ? ((gg - bb) / chroma + 6) % 6 : max === gg ? (bb - rr) / chroma + 2 : (rr - gg) / chroma + 4;
  return { hue: sector * 60, saturation };
}

/**
 * Pixels of the hue of `color` (CSS rgb()) in the square of `half` px around `point`: within
 * `degrees` of its hue and clearly saturated. By hue, so a marker drawn see-through (pending and
 * offline assets are) still counts, while the pale map under it does not.
 */
export async function pixelsOfHue(
  page: Page,
  point: { x: number; y: number },
  color: string,
  half = 12,
  degrees = 15,
): Promise<number> {
  const png = await page.screenshot({
    clip: { x: point.x - half, y: point.y - half, width: half * 2, height: half * 2 },
  });
  const { data } = await decodePng(page, png);
  const [r, g, b] = /rgba?\((\d+), (\d+), (\d+)/.exec(color)!.slice(1).map(Number) as [
    number,
    number,
    number,
  ];
  const target = hsl(r, g, b).hue;
  let count = 0;
  for (let i = 0; i < data.length; i += 4) {
    const { hue, saturation } = hsl(data[i]!, data[i + 1]!, data[i + 2]!);
    const apart = Math.min(Math.abs(hue - target), 360 - Math.abs(hue - target));
    if (saturation >= 0.35 && apart <= degrees) count += 1;
  }
  return count;
}
