import { I18nextProvider } from 'react-i18next';
import { RouterProvider } from 'react-router-dom';
import { Toaster } from '../components/Toaster';
import { i18n } from '../i18n/i18n';
import { customerSystem } from '../theme/system';
import { ThemeProvider } from '../theme/ThemeProvider';
import type { AppRouter } from './router';

export function App({ router }: { router: AppRouter }) {
  return (
    <ThemeProvider system={customerSystem()}>
      <I18nextProvider i18n={i18n}>
        <RouterProvider router={router} />
        <Toaster />
      </I18nextProvider>
    </ThemeProvider>
  );
}
