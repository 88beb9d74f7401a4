import { Portal, Toast, Toaster, createToaster } from '@chakra-ui/react';

export const boToaster = createToaster({ placement: 'top-end', max: 4, pauseOnPageIdle: true });

/** Error toasts still on screen: the next success makes them stale. */
const errorToasts = new Set<string>();

/** An error toast stays until the next success, which makes it stale and dismisses it. */
export function toast(text: string, type: 'info' | 'success' | 'error' = 'info'): void {
  if (type === 'success') clearErrorToasts();
  const id = boToaster.create({
    description: text,
    type,
    duration: 4000,
    onStatusChange: ({ status }) => {
      if (status === 'unmounted') errorToasts.delete(id);
    },
  });
  if (type === 'error') errorToasts.add(id);
}

export function clearErrorToasts(): void {
  for (const id of errorToasts) boToaster.dismiss(id);
  errorToasts.clear();
}

export function BackofficeToaster() {
  return (
    <Portal>
      <Toaster toaster={boToaster} insetInline="4">
        {(item) => (
          <Toast.Root data-testid="toast" data-type={item.type} width="sm">
            <Toast.Indicator />
            <Toast.Description>{item.description}</Toast.Description>
            <Toast.CloseTrigger />
          </Toast.Root>
        )}
      </Toaster>
    </Portal>
  );
}
