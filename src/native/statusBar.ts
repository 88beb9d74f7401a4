import type { NativeShell } from './shell';

/** White status bar with dark text, as the spec asks; a plain browser has no status bar to set. */
export function paintStatusBar(shell: NativeShell): void {
  if (shell.kind === 'capacitor') {
    const bar = shell.capacitor.Plugins?.StatusBar;
    // Capacitor's LIGHT style means "for light backgrounds", i.e. dark text.
    void bar?.setStyle({ style: 'LIGHT' });
    void bar?.setBackgroundColor({ color: '#FFFFFF' });
  } else if (shell.kind === 'plus') {
    shell.plus.navigator?.setStatusBarBackground?.('#FFFFFF');
    shell.plus.navigator?.setStatusBarStyle?.('dark');
  }
}
