import { Box, Stack, Text } from '@chakra-ui/react';
import { Form, Formik } from 'formik';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { changePasswordRequest } from '../../contract/schemas/user';
import type { ChangePasswordRequest } from '../../contract/schemas/user';
import { call } from '../api/calls';
import { BackHeader } from '../components/BackHeader';
import { SubmitButton, TextField } from '../components/form';
import { notify } from '../components/toaster';

const EMPTY: ChangePasswordRequest = { oldPassword: '', password: '', confirmPassword: '' };

/** /information/loginPass — change the login password (contract changePasswordRequest). */
export default function LoginPassScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <Box minH="100dvh" bg="bg.muted">
      <BackHeader title={t('menu.loginPass')} />
      <Box px="4" pt="4">
        <Formik
          initialValues={EMPTY}
          validationSchema={changePasswordRequest}
          onSubmit={async (values) => {
            try {
              await call('changePassword', values);
              notify(t('loginPass.done'), 'success');
              void navigate('/information/index', { replace: true });
            } catch {
              // Already toasted by the API client.
            }
          }}
        >
          <Form noValidate>
            <Stack gap="5" bg="bg" borderRadius="xl" p="4">
              <TextField name="oldPassword" type="password" autoComplete="current-password" />
              <TextField
                name="password"
                type="password"
                autoComplete="new-password"
                helper={t('register.passwordHint')}
              />
              <TextField name="confirmPassword" type="password" autoComplete="new-password" />
              <Text fontSize="xs" color="fg.subtle">
                {t('loginPass.note')}
              </Text>
              <SubmitButton testId="loginpass-submit">{t('loginPass.submit')}</SubmitButton>
            </Stack>
          </Form>
        </Formik>
      </Box>
    </Box>
  );
}
