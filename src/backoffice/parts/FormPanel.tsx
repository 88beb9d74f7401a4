import { Button, SimpleGrid, Stack } from '@chakra-ui/react';
import { Form, Formik } from 'formik';
import type { FormikConfig, FormikValues } from 'formik';
import type { ReactNode } from 'react';
import { Panel } from './common';
import { FormActions, FormikInput } from './FormikFields';

/**
 * A back-office form in its own panel: the fields (in a grid of `columns` on wide screens, else
 * one under the other), then the submit and cancel buttons. `submit` makes the call and says
 * what follows (a toast, closing the form); a refusal it throws has been toasted by the staff API
 * client already, and the form stays to fix.
 */
export function FormPanel<Values extends FormikValues>({
  title,
  testId,
  initialValues,
  validate,
  submit,
  columns,
  submitLabel,
  submitTestId,
  onCancel,
  children,
}: {
  title: string;
  /** The form's test id. */
  testId: string;
  initialValues: Values;
  validate?: FormikConfig<Values>['validate'];
  submit: (values: Values) => Promise<void>;
  columns?: number;
  submitLabel: string;
  submitTestId: string;
  onCancel: () => void;
  children: ReactNode;
}) {
  return (
    <Panel title={title}>
      <Formik<Values>
        initialValues={initialValues}
        validate={validate}
        onSubmit={async (values) => {
          try {
            await submit(values);
          } catch {
            // refused: toasted, the form stays to fix
          }
        }}
      >
        {({ isSubmitting }) => (
          <Form noValidate data-testid={testId} aria-label={title}>
            <Stack gap="4">
              {columns ? (
                <SimpleGrid columns={{ base: 1, md: columns }} gap="4">
                  {children}
                </SimpleGrid>
              ) : (
                children
              )}
              <FormActions
                label={submitLabel}
                testId={submitTestId}
                submitting={isSubmitting}
                onCancel={onCancel}
              />
            </Stack>
          </Form>
        )}
      </Formik>
    </Panel>
  );
}

/** A window's two `datetime-local` fields, `opensAt` and `closesAt` (test ids `${prefix}-opensAt`…). */
export function WindowInputs({
  label,
  testIdPrefix,
}: {
  label: (field: 'opensAt' | 'closesAt') => string;
  testIdPrefix: string;
}) {
  return (
    <>
      <FormikInput
        name="opensAt"
        label={label('opensAt')}
        type="datetime-local"
        testId={`${testIdPrefix}-opensAt`}
      />
      <FormikInput
        name="closesAt"
        label={label('closesAt')}
        type="datetime-local"
        testId={`${testIdPrefix}-closesAt`}
      />
    </>
  );
}

/** The button under a list that opens its create form: shown when `show` (allowed, none open). */
export function OpenFormButton({
  show,
  testId,
  onClick,
  children,
}: {
  show: boolean;
  testId: string;
  onClick: () => void;
  children: ReactNode;
}) {
  if (!show) return null;
  return (
    <Button mt="4" size="sm" data-testid={testId} onClick={onClick}>
      {children}
    </Button>
  );
}
