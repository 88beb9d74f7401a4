import { Button } from '@chakra-ui/react';
import { useFormikContext } from 'formik';
import type { ReactNode } from 'react';

/** The form's main action: disabled with a spinner while the request is on its way. */
export function SubmitButton({ children, testId }: { children: ReactNode; testId: string }) {
  const { isSubmitting } = useFormikContext();
  return (
    <Button
      type="submit"
      size="lg"
      w="full"
      h="12"
      borderRadius="lg"
      fontWeight="semibold"
      loading={isSubmitting}
      disabled={isSubmitting}
      data-testid={testId}
    >
      {children}
    </Button>
  );
}
