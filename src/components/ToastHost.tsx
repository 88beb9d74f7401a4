import { Portal, Toast, Toaster, createToaster } from '@chakra-ui/react';
import { useEffect } from 'react';
import { TOAST_MS } from '../../contract/constants';
import type { ToastKind } from './toaster';

const toaster = createToaster({ placement: 'top', max: 3, pauseOnPageIdle: true });

// A toast created before its Toaster is on screen would be lost, so messages wait for the mount.
let markMounted: () => void = () => undefined;
const mounted = new Promise<void>((resolve) => {
  markMounted = resolve;
});

export function show(text: string, kind: ToastKind): void {
  void mounted.then(() => toaster.create({ description: text, type: kind, duration: TOAST_MS }));
}

/** Toasts appear centred at the top of the mobile column, dark and compact like a native app. */
export default function ToastHost() {
  useEffect(() => markMounted(), []);
  return (
    <Portal>
      <Toaster toaster={toaster} insetInline="4">
        {(toast) => (
          <Toast.Root
            data-testid="toast"
            bg="gray.900/92"
            color="white"
            borderRadius="xl"
            boxShadow="lg"
            px="4"
            py="3"
            width="auto"
            maxW="min(100%, 420px)"
            mx="auto"
          >
            <Toast.Description fontSize="sm" textAlign="center">
              {toast.description}
            </Toast.Description>
          </Toast.Root>
        )}
      </Toaster>
    </Portal>
  );
}
