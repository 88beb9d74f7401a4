import { Stack } from '@chakra-ui/react';
import { Form, Formik } from 'formik';
import { useTranslation } from 'react-i18next';
import { loginRequest } from '../../contract/schemas/user';
import type { LoginRequest } from '../../contract/schemas/user';
import { call } from '../api/calls';
import { SubmitButton, TextField } from '../components/form';
import { useSignIn } from './useSignIn';

/** Account + password, validated by the contract's loginRequest; shared by login and re-login. */
export function LoginForm({ account = '' }: { account?: string }) {
  const { t } = useTranslation();
  const signIn = useSignIn();
  const initial: LoginRequest = { account, password: '' };
  return (
    <Formik
      initialValues={initial}
      validationSchema={loginRequest}
      onSubmit={async (values) => {
        try {
          const session = await call('login', values);
          signIn(session.token, session.account);
        } catch {
          // The API client has already shown the refusal; the form stays for another try.
        }
      }}
    >
      <Form noValidate>
        <Stack gap="5">
          <TextField
            name="account"
            autoComplete="username"
            placeholder={t('login.accountPlaceholder')}
          />
          <TextField
            name="password"
            type="password"
            autoComplete="current-password"
            placeholder={t('login.passwordPlaceholder')}
          />
          <SubmitButton testId="login-submit">{t('login.submit')}</SubmitButton>
        </Stack>
      </Form>
    </Formik>
  );
}
