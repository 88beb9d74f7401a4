import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { useSiteConfig } from '../config/siteConfig';
import { DocumentView } from './DocumentView';

/** /information/aboutInfo?type=privacy|agreement — the privacy policy or the user agreement. */
export default function AboutInfoScreen() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const agreement = params.get('type') === 'agreement';
  const privacy = useSiteConfig('privacy_policy');
  const terms = useSiteConfig('user_agreement');
  return (
    <DocumentView
      title={agreement ? t('menu.agreement') : t('menu.privacy')}
      text={agreement ? terms : privacy}
      testId="about-info-text"
    />
  );
}
