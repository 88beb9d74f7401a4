import { Suspense, lazy } from 'react';
import { useToastHostRequested } from './toaster';

const ToastHost = lazy(() => import('./ToastHost'));

/** Mounts the toast host once the first message asks for it (see toaster.ts). */
export function Toaster() {
  const requested = useToastHostRequested();
  if (!requested) return null;
  return (
    <Suspense fallback={null}>
      <ToastHost />
    </Suspense>
  );
}
