import { Flex, Link, Stack, Text } from '@chakra-ui/react';
import { Form, Formik } from 'formik';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import { registerRequest } from '../../contract/schemas/user';
import type { RegisterRequest } from '../../contract/schemas/user';
import { call } from '../api/calls';
import { SubmitButton, TextField } from '../components/form';
import { AgreeField } from './AgreeField';
import { AuthLayout } from './AuthLayout';
import { PolicyDialog } from './PolicyDialog';
import { useSignIn } from './useSignIn';

export const EMPTY_REGISTRATION: RegisterRequest = {
  account: '',
  password: '',
  confirmPassword: '',
  code: '',
  agree: false,
};

/** /login/register — open an account with an institution or invitation code. */
export default function RegisterScreen() {
  const { t } = useTranslation();
  const signIn = useSignIn();
  const [policyOpen, setPolicyOpen] = useState(false);
  return (
    <AuthLayout title={t('register.title')} subtitle={t('register.subtitle')}>
      <Formik
        initialValues={EMPTY_REGISTRATION}
        validationSchema={registerRequest}
        onSubmit={async (values) => {
          try {
            const session = await call('register', values);
            signIn(session.token, session.account);
          } catch {
            // Already toasted by the API client; the form keeps what was typed.
          }
        }}
      >
        {({ setFieldValue }) => (
          <Form noValidate>
            <Stack gap="5">
              <TextField
                name="account"
                autoComplete="username"
                placeholder={t('register.accountPlaceholder')}
                helper={t('register.accountHint')}
              />
              <TextField
                name="password"
                type="password"
                autoComplete="new-password"
                helper={t('register.passwordHint')}
              />
              <TextField name="confirmPassword" type="password" autoComplete="new-password" />
              <TextField
                name="code"
                autoComplete="off"
                placeholder={t('register.codePlaceholder')}
              />
              <AgreeField onOpenPolicy={() => setPolicyOpen(true)} />
              <SubmitButton testId="register-submit">{t('register.submit')}</SubmitButton>
            </Stack>
            <PolicyDialog
              open={policyOpen}
              onClose={() => setPolicyOpen(false)}
              onAgree={() => {
                void setFieldValue('agree', true);
                setPolicyOpen(false);
              }}
            />
          </Form>
        )}
      </Formik>
      <Flex justify="center" gap="1.5" mt="6" fontSize="sm">
        <Text color="fg.muted">{t('register.haveAccount')}</Text>
        <Link asChild color="brand.fg" fontWeight="semibold">
          <RouterLink to="/login/login">{t('register.toLogin')}</RouterLink>
        </Link>
      </Flex>
    </AuthLayout>
  );
}
