import { ChakraProvider } from '@chakra-ui/react';
import { I18nextProvider } from 'react-i18next';
import { RouterProvider } from 'react-router-dom';
import { boI18n } from './i18n';
import type { BackofficeRouter } from './router';
import { backofficeSystem } from './theme';
import { BackofficeToaster } from './toaster';

export function BackofficeApp({ router }: { router: BackofficeRouter }) {
  return (
    <ChakraProvider value={backofficeSystem}>
      <I18nextProvider i18n={boI18n}>
        <RouterProvider router={router} />
        <BackofficeToaster />
      </I18nextProvider>
    </ChakraProvider>
  );
}
