import { semanticTokens } from '@chakra-ui/react/theme';

/**
 * Text colours that reach WCAG AA (4.5:1 for body text) on every background the screens use:
 * white, `bg.subtle` (gray.50), `bg.muted` (gray.100) and `bg.emphasized` (gray.200). Chakra's
 * light `fg.subtle` is gray.400 (2.6:1 on white), its `fg.error` red.500 (3.8:1), `fg.warning`
 * orange.600 (3.6:1) and `fg.success` green.600 (3.3:1). The route sweep
 * (tests/e2e/route-sweep.test.ts) checks the result on every screen.
 */
const fg = semanticTokens.colors.fg;

export const contrastSemanticColors = {
  ...fg,
  // Still lighter than fg.muted (gray.600), so the hierarchy of greys stays: 4.6:1 on gray.200.
  subtle: { value: { _light: '#616169', _dark: '{colors.gray.400}' } },
  error: { value: { _light: '#c53030', _dark: '{colors.red.400}' } },
  warning: { value: { _light: '{colors.orange.700}', _dark: '{colors.orange.300}' } },
  success: { value: { _light: '{colors.green.700}', _dark: '{colors.green.300}' } },
};

/**
 * Chakra's light `green.solid` is green.600, 3.3:1 under its white text (a passed state's solid
 * badge, an approve button); green.700 gives 6.8:1.
 */
export const greenSemanticColors = {
  ...semanticTokens.colors.green,
  solid: { value: { _light: '{colors.green.700}', _dark: '{colors.green.600}' } },
};
