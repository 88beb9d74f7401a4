import { Box, Button, Center, Field, Heading, Input, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { ValidationError } from 'yup';
import { staffChangePasswordRequest } from '../../../contract/schemas/staff';
import { staffCall } from '../api';
import { fieldErrorText } from '../i18n';
import { Header } from '../Layout';
import { staffSession } from '../session';

/** Forced after a one-time password; the session may do nothing else until it is done. */
export default function ChangePasswordScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [oldPassword, setOldPassword] = useState('');
  const [password, setPassword] = useState('');
  const [confirmPassword, setConfirmPassword] = useState('');
  const [error, setError] = useState<{ field: string; text: string } | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const body = { oldPassword, password, confirmPassword };
    try {
      staffChangePasswordRequest.validateSync(body);
    } catch (e) {
      if (e instanceof ValidationError) {
        const field = e.path ?? '';
        setError({
          field,
          text: fieldErrorText(e.message, t(`password.${field}`)),
        });
        return;
      }
      throw e;
    }
    setError(null);
    setBusy(true);
    try {
      await staffCall('changePassword', body);
      const me = await staffCall('me', {});
      staffSession.setMe(me);
      void navigate('/', { replace: true });
    } catch {
      // toasted
    } finally {
      setBusy(false);
    }
  };

  const field = (
    name: 'oldPassword' | 'password' | 'confirmPassword',
    testId: string | undefined,
    value: string,
    set: (v: string) => void,
  ) => (
    <Field.Root required invalid={error?.field === name}>
      <Field.Label>{t(`password.${name}`)}</Field.Label>
      <Input
        name={name}
        type="password"
        data-testid={testId}
        autoComplete={name === 'oldPassword' ? 'current-password' : 'new-password'}
        value={value}
        onChange={(e) => set(e.currentTarget.value)}
      />
      {error?.field === name ? <Field.ErrorText>{error.text}</Field.ErrorText> : null}
    </Field.Root>
  );

  return (
    <Box minH="100vh">
      <Header />
      <Center pt="16">
        <Box bg="bg" borderWidth="1px" borderRadius="lg" p="8" w="md" boxShadow="sm">
          <form onSubmit={(e) => void submit(e)}>
            <Stack gap="4">
              <Heading size="md">{t('password.title')}</Heading>
              <Text fontSize="sm" color="fg.muted">
                {t('password.help')}
              </Text>
              {field('oldPassword', 'old-password', oldPassword, setOldPassword)}
              {field('password', 'new-password', password, setPassword)}
              {field('confirmPassword', 'confirm-password', confirmPassword, setConfirmPassword)}
              {error && !['oldPassword', 'password', 'confirmPassword'].includes(error.field) ? (
                <Text color="fg.error" fontSize="sm">
                  {error.text}
                </Text>
              ) : null}
              <Button type="submit" data-testid="change-password-submit" loading={busy}>
                {t('password.submit')}
              </Button>
            </Stack>
          </form>
        </Box>
      </Center>
    </Box>
  );
}
