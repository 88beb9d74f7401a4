import {
  Box,
  Button,
  Center,
  Code,
  Field,
  Heading,
  Image,
  Input,
  Stack,
  Text,
} from '@chakra-ui/react';
import { useState } from 'react';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { staffCall } from '../api';
import { Header } from '../Layout';
import { svgDataUrl } from '../parts/common';
import { staffSession } from '../session';

type Step =
  { kind: 'password' } | { kind: 'enrol'; qrSvg: string; secret: string } | { kind: 'totp' };

/** The secret an authenticator needs, for staff who type it instead of scanning. */
export function secretOfUri(otpauthUri: string): string {
  try {
    return new URL(otpauthUri).searchParams.get('secret') ?? '';
  } catch {
    return '';
  }
}

export default function LoginScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [step, setStep] = useState<Step>({ kind: 'password' });
  const [account, setAccount] = useState('');
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState(false);

  const signIn = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    try {
      const login = await staffCall('login', { account: account.trim(), password });
      staffSession.setPending(login.token);
      if (login.next === 'enrol') {
        const enrol = await staffCall('enrol', {});
        setStep({ kind: 'enrol', qrSvg: enrol.qrSvg, secret: secretOfUri(enrol.otpauthUri) });
      } else {
        setStep({ kind: 'totp' });
      }
      setCode('');
    } catch {
      // toasted
    } finally {
      setBusy(false);
    }
  };

  const verify = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    try {
      const me = await staffCall('verify', { code: code.trim() });
      staffSession.setMe(me);
      void navigate(me.mustChangePassword ? '/password' : '/', { replace: true });
    } catch {
      setCode('');
    } finally {
      setBusy(false);
    }
  };

  return (
    <Box minH="100vh">
      <Header />
      <Center pt="16">
        <Box bg="bg" borderWidth="1px" borderRadius="lg" p="8" w="md" boxShadow="sm">
          {step.kind === 'password' ? (
            <form onSubmit={(e) => void signIn(e)}>
              <Stack gap="4">
                <Heading size="md">{t('login.title')}</Heading>
                <Field.Root required>
                  <Field.Label>{t('login.account')}</Field.Label>
                  <Input
                    name="account"
                    data-testid="staff-account"
                    autoComplete="username"
                    value={account}
                    onChange={(e) => setAccount(e.currentTarget.value)}
                  />
                </Field.Root>
                <Field.Root required>
                  <Field.Label>{t('login.password')}</Field.Label>
                  <Input
                    name="password"
                    type="password"
                    data-testid="staff-password"
                    autoComplete="current-password"
                    value={password}
                    onChange={(e) => setPassword(e.currentTarget.value)}
                  />
                </Field.Root>
                <Button
                  type="submit"
                  data-testid="staff-login-submit"
                  loading={busy}
                  disabled={account.trim() === '' || password === ''}
                >
                  {t('login.submit')}
                </Button>
              </Stack>
            </form>
          ) : (
            <form onSubmit={(e) => void verify(e)}>
              <Stack gap="4">
                <Heading size="md">
                  {step.kind === 'enrol' ? t('login.enrolTitle') : t('login.totpTitle')}
                </Heading>
                {step.kind === 'enrol' ? (
                  <>
                    <Text fontSize="sm" color="fg.muted">
                      {t('login.enrolHelp')}
                    </Text>
                    <Center>
                      <Image
                        data-testid="totp-qr"
                        src={svgDataUrl(step.qrSvg)}
                        alt={t('login.qrAlt')}
                        w="48"
                        h="48"
                      />
                    </Center>
                    <Text fontSize="sm">{t('login.secret')}</Text>
                    <Code data-testid="totp-secret" p="2" wordBreak="break-all">
                      {step.secret}
                    </Code>
                  </>
                ) : (
                  <Text fontSize="sm" color="fg.muted">
                    {t('login.totpHelp')}
                  </Text>
                )}
                <Field.Root required>
                  <Field.Label>{t('login.code')}</Field.Label>
                  <Input
                    name="code"
                    data-testid="totp-code"
                    inputMode="numeric"
                    autoComplete="one-time-code"
                    maxLength={6}
                    value={code}
                    onChange={(e) => setCode(e.currentTarget.value.replace(/\D/g, ''))}
                  />
                </Field.Root>
                <Button
                  type="submit"
                  data-testid="totp-submit"
                  loading={busy}
                  disabled={code.length !== 6}
                >
                  {t('login.verify')}
                </Button>
                <Button
                  variant="ghost"
                  size="sm"
                  onClick={() => {
                    staffSession.signOut();
                    setStep({ kind: 'password' });
                  }}
                >
                  {t('common.back')}
                </Button>
              </Stack>
            </form>
          )}
        </Box>
      </Center>
    </Box>
  );
}
