/**
 * The native shells Maru may be packaged in. Only the few members the adapter calls are typed;
 * everything is optional because a plain browser has none of it.
 */
interface Listener {
  remove?: () => void;
}

interface CapacitorPlugins {
  App?: {
    addListener: (event: 'backButton', handler: () => void) => Listener | Promise<Listener>;
    exitApp: () => void;
  };
  StatusBar?: {
    setStyle: (options: { style: 'LIGHT' | 'DARK' | 'DEFAULT' }) => unknown;
    setBackgroundColor: (options: { color: string }) => unknown;
  };
}

export interface CapacitorGlobal {
  isNativePlatform?: () => boolean;
  Plugins?: CapacitorPlugins;
}

export interface PlusGlobal {
  key?: { addEventListener: (event: 'backbutton', handler: () => void, capture?: boolean) => void };
  runtime?: { quit: () => void };
  navigator?: {
    setStatusBarBackground?: (color: string) => void;
    setStatusBarStyle?: (style: 'dark' | 'light') => void;
  };
}

interface ShellWindow {
  Capacitor?: CapacitorGlobal;
  plus?: PlusGlobal;
}

export type NativeShell =
  | { kind: 'capacitor'; capacitor: CapacitorGlobal }
  | { kind: 'plus'; plus: PlusGlobal }
  | { kind: 'web' };

export function detectShell(win: object = window): NativeShell {
  const w = win as ShellWindow;
  if (w.Capacitor?.isNativePlatform?.()) return { kind: 'capacitor', capacitor: w.Capacitor };
  if (w.plus) return { kind: 'plus', plus: w.plus };
  return { kind: 'web' };
}
