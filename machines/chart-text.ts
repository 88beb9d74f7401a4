/** Text sizing and escaping for the SVG state charts (no DOM to measure with on the server). */

export interface TextStyle {
  size: number;
  bold?: boolean;
  mono?: boolean;
}

/** Rough advance of one character in ems for a sans-serif face; erring wide keeps text in its box. */
function charEm(char: string, mono: boolean): number {
  const code = char.codePointAt(0) ?? 0;
  // Hangul, CJK ideographs and punctuation, kana, full-width forms and arrows: about 1em.
  if (code >= 0x1100 || (code >= 0x2190 && code <= 0x21ff)) return 1;
  if (mono) return 0.62;
  if (" .,:;|!'`ijl".includes(char)) return 0.32;
  if ('()[]{}frt-/'.includes(char)) return 0.42;
  if ('mwMW@%'.includes(char)) return 0.92;
  if (char >= 'A' && char <= 'Z') return 0.7;
  return 0.6;
}

export function textWidth(text: string, style: TextStyle): number {
  let ems = 0;
  for (const char of text) ems += charEm(char, style.mono === true);
  return ems * style.size * (style.bold ? 1.07 : 1);
}

export function escapeXml(text: string): string {
  return text.replace(
    /[<>&"']/g,
    (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;', "'": '&apos;' })[c] ?? c,
  );
}

/** One decimal, no `-0`: the same input gives the same bytes. */
export function num(value: number): string {
  const rounded = Math.round(value * 10) / 10;
  return String(rounded === 0 ? 0 : rounded);
}
