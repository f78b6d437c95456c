/**
 * How readable a piece of text is as rendered: its colour, the first opaque background behind it
 * and their contrast ratio (WCAG 2), from the browser's computed styles.
 */
import type { Locator } from 'playwright-core';

export interface RenderedText {
  text: string;
  color: string;
  background: string;
  ratio: number;
}

type Rgb = [number, number, number];

const channels = (css: string): { rgb: Rgb; alpha: number } => {
  const [r = 0, g = 0, b = 0, alpha = 1] = /rgba?\(([^)]+)\)/
    .exec(css)![1]!
    .split(/[\s,/]+/)
    .map(Number);
  return { rgb: [r, g, b], alpha };
};

/** WCAG 2 relative luminance. */
const luminance = ([r, g, b]: Rgb) => {
  const linear = (c: number) => (c / 255 <= 0.03928 ? c / 255 / 12.92 : ((c / 255 + 0.055) / 1.055) ** 2.4);
  return 0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b);
};

function contrastRatio(a: string, b: string): number {
  const [la, lb] = [luminance(channels(a).rgb), luminance(channels(b).rgb)];
  return (Math.max(la, lb) + 0.05) / (Math.min(la, lb) + 0.05);
}

export async function renderedText(locator: Locator): Promise<RenderedText> {
  const { text, color, background } = await locator.evaluate((element) => {
    let behind: Element | null = element;
    let background = 'rgb(255, 255, 255)';
    while (behind) {
      const candidate = getComputedStyle(behind).backgroundColor;
      if (!/^rgba\(.*, 0\)$/.test(candidate) && candidate !== 'transparent') {
        background = candidate;
        break;
      }
      behind = behind.parentElement;
    }
    return { text: element.textContent?.trim() ?? '', color: getComputedStyle(element).color, background };
  });
  if (channels(background).alpha < 1)
    throw new Error(`A see-through background (${background}) behind "${text}"`);
  return { text, color, background, ratio: contrastRatio(color, background) };
}
