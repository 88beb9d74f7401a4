import { Box } from '@chakra-ui/react';
import type { ReactNode } from 'react';

/**
 * A table wider than the screen scrolls sideways inside this box. It takes keyboard focus, so a
 * keyboard user can scroll it too when its rows hold nothing focusable (axe:
 * scrollable-region-focusable).
 */
export function ScrollX({ children }: { children: ReactNode }) {
  return (
    <Box
      overflowX="auto"
      tabIndex={0}
      borderRadius="sm"
      _focusVisible={{ outline: '2px solid', outlineColor: 'colorPalette.focusRing' }}
    >
      {children}
    </Box>
  );
}
