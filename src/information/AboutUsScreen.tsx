import { useTranslation } from 'react-i18next';
import { useSiteConfig } from '../config/siteConfig';
import { DocumentView } from './DocumentView';

/** /information/aboutUs */
export default function AboutUsScreen() {
  const { t } = useTranslation();
  return (
    <DocumentView
      title={t('menu.aboutUs')}
      text={useSiteConfig('about_us')}
      testId="about-us-text"
    />
  );
}
