import { act, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderWithApp } from '../testing/renderWithApp';
import { OfflineBanner } from './OfflineBanner';

function setOnline(value: boolean) {
  Object.defineProperty(window.navigator, 'onLine', { configurable: true, get: () => value });
  window.dispatchEvent(new Event(value ? 'online' : 'offline'));
}

describe('the offline banner', () => {
  afterEach(() => setOnline(true));

  it('appears when the network goes and leaves when it comes back', async () => {
    await renderWithApp(<OfflineBanner />);
    expect(screen.queryByTestId('offline-banner')).toBeNull();
    act(() => setOnline(false));
    expect(screen.getByTestId('offline-banner').textContent).toMatch(/오프라인/);
    act(() => setOnline(true));
    expect(screen.queryByTestId('offline-banner')).toBeNull();
  });
});
