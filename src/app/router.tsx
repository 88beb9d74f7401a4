import { useEffect } from 'react';
import { Navigate, createHashRouter, useLocation } from 'react-router-dom';
import type { RouteObject } from 'react-router-dom';
import { RequireSession } from './RequireSession';
import { lazyScreen } from './lazyScreen';
import { RootLayout } from './RootLayout';
import { RouteErrorView } from './RouteErrorView';
import { SCREENS } from './screens';
import type { ScreenRoute } from './screens';

// Not in SCREENS: it has no path of its own and must never become a tab or a tile.
const NotFoundScreen = lazyScreen(() => import('./NotFoundScreen'));

/**
 * Marks `<html data-screen>` with the screen on display. Navigation runs in a transition, so the
 * previous screen stays up while the next one's chunk loads; the mark moves only once the new
 * screen has rendered (browser tests wait on it: tests/e2e/route-sweep.test.ts).
 */
function ScreenMark({ path }: { path?: string }) {
  const shown = useLocation().pathname;
  path ??= shown;
  useEffect(() => {
    document.documentElement.dataset.screen = path;
  }, [path]);
  return null;
}

const toRoute = ({ path, Screen }: ScreenRoute): RouteObject => ({
  path: path.slice(1),
  element: (
    <>
      <ScreenMark path={path} />
      <Screen />
    </>
  ),
});

/** Groups the screen table into the route tree: public, signed-in, and signed-in with tab bar. */
export function buildRoutes(): RouteObject[] {
  const open = SCREENS.filter((s) => !s.session).map(toRoute);
  const plain = SCREENS.filter((s) => s.session && !s.tabBar).map(toRoute);
  const tabbed = SCREENS.filter((s) => s.session && s.tabBar).map(toRoute);
  return [
    {
      element: <RootLayout />,
      errorElement: <RouteErrorView />,
      children: [
        { index: true, element: <Navigate to="/login/start" replace /> },
        ...open,
        {
          element: <RequireSession />,
          children: [
            ...plain,
            // Lazy: the tab bar and its icons are not part of the start screens' JS.
            {
              lazy: () => import('./TabLayout').then((m) => ({ Component: m.TabLayout })),
              children: tabbed,
            },
          ],
        },
        {
          path: '*',
          element: (
            <>
              <ScreenMark />
              <NotFoundScreen />
            </>
          ),
        },
      ],
    },
  ];
}

/** The router over `routes` (boot builds them a task earlier: each is a slow phone's ~10–30 ms). */
export function createAppRouter(routes: RouteObject[]) {
  return createHashRouter(routes);
}
export type AppRouter = ReturnType<typeof createAppRouter>;
