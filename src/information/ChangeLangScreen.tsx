import { Box } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { BackHeader } from '../components/BackHeader';
import { LanguageOptions } from '../language/LanguageOptions';
import { chooseLanguage } from '../language/chooseLanguage';
import { useSession } from '../session';

/** /information/changeLang — a tap switches the whole app at once and is remembered. */
export default function ChangeLangScreen() {
  const { t } = useTranslation();
  const { language } = useSession();
  return (
    <Box minH="100dvh" bg="bg.muted">
      <BackHeader title={t('menu.changeLang')} />
      <Box px="4" pt="4">
        <LanguageOptions value={language} onChoose={(next) => void chooseLanguage(next)} />
      </Box>
    </Box>
  );
}
