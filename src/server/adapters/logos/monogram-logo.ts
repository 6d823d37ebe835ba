import { createHash } from "node:crypto";
import type { LogoImage } from "./logo-source";

/** 1–3 letters of the ticker (letters and digits only; the exchange suffix after a dot is dropped). */
export function monogramLetters(ticker: string): string {
  const base = ticker.toUpperCase().split(/[.:-]/)[0] ?? "";
  const letters = base.replace(/[^A-Z0-9]/g, "");
  return (letters || "?").slice(0, 3);
}

/** Relative luminance (WCAG 2) of an sRGB colour. */
function luminance([r, g, b]: [number, number, number]): number {
  const channel = (v: number) => {
    const c = v / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b);
}

function hslToRgb(h: number, s: number, l: number): [number, number, number] {
  const k = (n: number) => (n + h / 30) % 12;
  const a = s * Math.min(l, 1 - l);
  const f = (n: number) => l - a * Math.max(-1, Math.min(k(n) - 3, Math.min(9 - k(n), 1)));
  return [Math.round(f(0) * 255), Math.round(f(8) * 255), Math.round(f(4) * 255)];
}

const hex = (rgb: [number, number, number]) => `#${rgb.map((v) => v.toString(16).padStart(2, "0")).join("")}`;

/**
 * Background from a hash of the ticker (hue and a little saturation), dark enough that white text
 * keeps a contrast ratio of at least 4.5:1 (WCAG AA) on every hue.
 */
export function monogramColours(ticker: string): { background: string; foreground: string; contrast: number } {
  const digest = createHash("sha256").update(ticker.toUpperCase()).digest();
  const hue = digest.readUInt16BE(0) % 360;
  const saturation = 0.45 + (digest[2]! % 25) / 100;
  let lightness = 0.36;
  let rgb = hslToRgb(hue, saturation, lightness);
  while ((1.05 / (luminance(rgb) + 0.05)) < 4.5 && lightness > 0.1) {
    lightness -= 0.02;
    rgb = hslToRgb(hue, saturation, lightness);
  }
  return { background: hex(rgb), foreground: "#ffffff", contrast: 1.05 / (luminance(rgb) + 0.05) };
}

/** A square SVG monogram: the ticker's letters on its colour, the same bytes for the same ticker. */
export function monogramSvg(ticker: string): LogoImage {
  const letters = monogramLetters(ticker);
  const { background, foreground } = monogramColours(ticker);
  const fontSize = letters.length === 1 ? 30 : letters.length === 2 ? 24 : 18;
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="64" height="64" viewBox="0 0 64 64" role="img" aria-label="${letters}">` +
    `<rect width="64" height="64" rx="12" fill="${background}"/>` +
    `<text x="32" y="32" dy=".35em" text-anchor="middle" font-family="system-ui,-apple-system,'Segoe UI',Roboto,Arial,sans-serif" ` +
    `font-size="${fontSize}" font-weight="700" fill="${foreground}">${letters}</text></svg>`;
  return { body: Buffer.from(svg), contentType: "image/svg+xml" };
}
