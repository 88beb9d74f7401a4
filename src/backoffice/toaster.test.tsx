import { ChakraProvider } from '@chakra-ui/react';
import { act, render, screen, waitFor } from '@testing-library/react';
import { expect, it } from 'vitest';
import { backofficeSystem } from './theme';
import { BackofficeToaster, toast } from './toaster';

it('clears a stale error toast after the next success, and keeps it until then', async () => {
  render(
    <ChakraProvider value={backofficeSystem}>
      <BackofficeToaster />
    </ChakraProvider>,
  );
  const types = () => screen.queryAllByTestId('toast').map((t) => t.getAttribute('data-type'));
  act(() => toast('The job could not be retried', 'error'));
  await waitFor(() => expect(types()).toEqual(['error']));
  act(() => toast('Loading', 'info'));
  await waitFor(() => expect(types().sort()).toEqual(['error', 'info']));
  act(() => toast('Retried', 'success'));
  await waitFor(() => expect(types().sort()).toEqual(['info', 'success']));
  act(() => toast('Refused again', 'error'));
  await waitFor(() => expect(types()).toContain('error'));
});
