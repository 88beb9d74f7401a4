import { describe, expect, it, vi } from 'vitest';
import { createBackButtonHandler } from './backButton';
import { installNativeAdapter } from './index';

function setup(history: boolean) {
  let clock = 10_000;
  const deps = {
    canGoBack: vi.fn(() => history),
    goBack: vi.fn(),
    quit: vi.fn(),
    warn: vi.fn(),
    now: () => clock,
  };
  const press = createBackButtonHandler(deps);
  return { deps, press, wait: (ms: number) => (clock += ms) };
}

describe('device back button', () => {
  it('goes back while there is history, never quitting', () => {
    const { deps, press } = setup(true);
    press();
    press();
    expect(deps.goBack).toHaveBeenCalledTimes(2);
    expect(deps.quit).not.toHaveBeenCalled();
    expect(deps.warn).not.toHaveBeenCalled();
  });

  it('on the first page, warns first and quits on a second press within 1 s', () => {
    const { deps, press, wait } = setup(false);
    press();
    expect(deps.warn).toHaveBeenCalledTimes(1);
    expect(deps.quit).not.toHaveBeenCalled();
    wait(999);
    press();
    expect(deps.quit).toHaveBeenCalledTimes(1);
  });

  it('does not quit when the second press comes later than 1 s; it warns again', () => {
    const { deps, press, wait } = setup(false);
    press();
    wait(1_001);
    press();
    expect(deps.quit).not.toHaveBeenCalled();
    expect(deps.warn).toHaveBeenCalledTimes(2);
    wait(500);
    press();
    expect(deps.quit).toHaveBeenCalledTimes(1);
  });
});

describe('installNativeAdapter', () => {
  const deps = { canGoBack: () => false, goBack: vi.fn(), warn: vi.fn() };

  it('does nothing in a plain browser', () => {
    expect(installNativeAdapter(deps, { kind: 'web' }).kind).toBe('web');
  });

  it('wires the Capacitor back button and paints a white status bar with dark text', () => {
    let onBack: () => void = () => undefined;
    const exitApp = vi.fn();
    const setStyle = vi.fn();
    const setBackgroundColor = vi.fn();
    installNativeAdapter(deps, {
      kind: 'capacitor',
      capacitor: {
        isNativePlatform: () => true,
        Plugins: {
          App: { addListener: (_event, handler) => ((onBack = handler), {}), exitApp },
          StatusBar: { setStyle, setBackgroundColor },
        },
      },
    });
    expect(setStyle).toHaveBeenCalledWith({ style: 'LIGHT' });
    expect(setBackgroundColor).toHaveBeenCalledWith({ color: '#FFFFFF' });
    onBack();
    onBack();
    expect(exitApp).toHaveBeenCalledTimes(1);
  });
});
