/**
 * Maru blue: a calm, trustworthy brokerage blue. The semantic tokens are the ones Chakra's
 * `colorPalette` machinery expects (solid, contrast, fg, muted, subtle, emphasized, focusRing).
 */
export const brandColors = {
  50: { value: '#eef4ff' },
  100: { value: '#d9e6ff' },
  200: { value: '#b3ccff' },
  300: { value: '#85acff' },
  400: { value: '#5288ff' },
  500: { value: '#2f6bf5' },
  600: { value: '#1f55d9' },
  700: { value: '#1a44ad' },
  800: { value: '#19398a' },
  900: { value: '#142b66' },
  950: { value: '#0c1a40' },
};

export const brandSemanticColors = {
  solid: { value: '{colors.brand.500}' },
  contrast: { value: 'white' },
  fg: { value: '{colors.brand.600}' },
  muted: { value: '{colors.brand.100}' },
  subtle: { value: '{colors.brand.50}' },
  emphasized: { value: '{colors.brand.200}' },
  focusRing: { value: '{colors.brand.500}' },
};
