import { Button, Flex, Stack, Text } from '@chakra-ui/react';
import { Form, Formik } from 'formik';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { deleteByIdRequest } from '../../contract/schemas/money';
import { isApiError } from '../api/ApiError';
import { FundPasswordField, SubmitButton } from '../components/form';

const schema = deleteByIdRequest.pick(['fundPassword']);

/**
 * Asks for the fund password before a removal, inline under the item. A refusal (wrong password
 * with the attempts left, locked) stays on screen as well as being toasted.
 */
export function FundPasswordConfirm({
  onConfirm,
  onCancel,
  testId,
}: {
  onConfirm: (fundPassword: string) => Promise<void>;
  onCancel: () => void;
  testId: string;
}) {
  const { t } = useTranslation();
  const [refusal, setRefusal] = useState<string | null>(null);
  return (
    <Formik
      initialValues={{ fundPassword: '' }}
      validationSchema={schema}
      onSubmit={async ({ fundPassword }) => {
        setRefusal(null);
        try {
          await onConfirm(fundPassword);
        } catch (error) {
          if (isApiError(error)) setRefusal(error.message);
        }
      }}
    >
      <Form noValidate data-testid={testId}>
        <Stack gap="3" pt="3">
          <Text fontSize="sm" color="fg.muted">
            {t('money.confirm.intro')}
          </Text>
          <FundPasswordField />
          {refusal ? (
            <Text fontSize="sm" color="fg.error" data-testid={`${testId}-refusal`}>
              {refusal}
            </Text>
          ) : null}
          <Flex gap="2">
            <Button flex="1" variant="outline" size="lg" onClick={onCancel}>
              {t('money.confirm.cancel')}
            </Button>
            <Flex flex="1">
              <SubmitButton testId={`${testId}-submit`}>{t('money.confirm.submit')}</SubmitButton>
            </Flex>
          </Flex>
        </Stack>
      </Form>
    </Formik>
  );
}
