import { Portal, Toast, Toaster, createToaster } from '@chakra-ui/react';

export const boToaster = createToaster({ placement: 'top-end', max: 4, pauseOnPageIdle: true });

export function toast(text: string, type: 'info' | 'success' | 'error' = 'info'): void {
  boToaster.create({ description: text, type, duration: 4000 });
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
