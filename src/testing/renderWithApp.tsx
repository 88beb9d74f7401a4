import { ChakraProvider } from '@chakra-ui/react';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router-dom';
import { i18n, loadScreenTexts, startI18n } from '../i18n/i18n';
import { customerSystem } from '../theme/system';

/** Renders a screen the way the app does: Chakra system, i18n (Korean by default), a router. */
export async function renderWithApp(ui: ReactElement, { path = '/' } = {}) {
  await startI18n('kor');
  await loadScreenTexts();
  return render(
    <ChakraProvider value={customerSystem()}>
      <I18nextProvider i18n={i18n}>
        <MemoryRouter initialEntries={[path]}>{ui}</MemoryRouter>
      </I18nextProvider>
    </ChakraProvider>,
  );
}
