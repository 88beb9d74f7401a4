import { Box } from '@chakra-ui/react';
import { Outlet } from 'react-router-dom';
import { TAB_BAR_HEIGHT, TabBar } from '../components/TabBar';
import { SCREEN_PATHS } from './screens';

/** Screens reached from the bottom bar: content padded so the bar never covers the last row. */
export function TabLayout() {
  return (
    <>
      <Box pb={`calc(${TAB_BAR_HEIGHT} + env(safe-area-inset-bottom))`}>
        <Outlet />
      </Box>
      <TabBar availablePaths={SCREEN_PATHS} />
    </>
  );
}
