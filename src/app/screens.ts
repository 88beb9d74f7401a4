import type { ComponentType, LazyExoticComponent } from 'react';
import { lazyScreen } from './lazyScreen';

export interface ScreenRoute {
  path: string;
  Screen: LazyExoticComponent<ComponentType>;
  /** Needs a signed-in customer (redirects to /login/login otherwise). */
  session: boolean;
  /** Drawn above the bottom tab bar. */
  tabBar?: boolean;
}

/**
 * Every screen that exists, by the spec's paths. Each is its own chunk, so the login route never
 * downloads the account screens. The tab bar shows a tab only when its path is listed here.
 */
export const SCREENS: readonly ScreenRoute[] = [
  {
    path: '/login/start',
    Screen: lazyScreen(() => import('../login/StartScreen')),
    session: false,
  },
  {
    path: '/login/start1',
    Screen: lazyScreen(() => import('../login/LanguageStartScreen')),
    session: false,
  },
  {
    path: '/login/login',
    Screen: lazyScreen(() => import('../login/LoginScreen')),
    session: false,
  },
  {
    path: '/login/register',
    Screen: lazyScreen(() => import('../login/RegisterScreen')),
    session: false,
  },
  {
    path: '/login/reLogin',
    Screen: lazyScreen(() => import('../login/ReLoginScreen')),
    session: false,
  },
  {
    path: '/login/loginAfter',
    Screen: lazyScreen(() => import('../login/LoginAfterScreen')),
    session: true,
  },
  {
    path: '/information/index',
    Screen: lazyScreen(() => import('../information/MineScreen')),
    session: true,
    tabBar: true,
  },
  {
    path: '/information/setting',
    Screen: lazyScreen(() => import('../information/SettingScreen')),
    session: true,
  },
  {
    path: '/information/changeLang',
    Screen: lazyScreen(() => import('../information/ChangeLangScreen')),
    session: true,
  },
  {
    path: '/information/loginPass',
    Screen: lazyScreen(() => import('../information/LoginPassScreen')),
    session: true,
  },
  {
    path: '/information/aboutUs',
    Screen: lazyScreen(() => import('../information/AboutUsScreen')),
    session: false,
  },
  {
    path: '/information/aboutInfo',
    Screen: lazyScreen(() => import('../information/AboutInfoScreen')),
    session: false,
  },
];

export const SCREEN_PATHS: ReadonlySet<string> = new Set(SCREENS.map((s) => s.path));
