import { Box, Button, Heading, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import type { StoredLanguage } from '../../contract/languages';
import { BackHeader } from '../components/BackHeader';
import { LanguageOptions } from '../language/LanguageOptions';
import { chooseLanguage } from '../language/chooseLanguage';
import { useSession } from '../session';

/** /login/start1 — choose the language before signing in; the page switches as you tap. */
export default function LanguageStartScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { language } = useSession();
  const [busy, setBusy] = useState(false);

  const choose = (next: StoredLanguage) => {
    setBusy(true);
    void chooseLanguage(next).finally(() => setBusy(false));
  };

  return (
    <Box minH="100dvh" bg="bg.muted">
      <BackHeader title={t('language.title')} fallback="/login/start" />
      <Box px="4" pt="6">
        <Heading size="lg" px="1">
          {t('language.heading')}
        </Heading>
        <Text color="fg.muted" fontSize="sm" mt="1" mb="5" px="1">
          {t('language.hint')}
        </Text>
        <LanguageOptions value={language} onChoose={choose} />
        <Button
          mt="8"
          size="lg"
          w="full"
          h="12"
          borderRadius="lg"
          disabled={busy}
          data-testid="language-continue"
          onClick={() => void navigate('/login/start')}
        >
          {t('common.continue')}
        </Button>
      </Box>
    </Box>
  );
}
