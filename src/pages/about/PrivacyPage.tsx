import { privacyPolicy } from '../../i18n/legal/privacy';
import { SUPPORT_LINKS } from '../../ui/support-links';
import { LegalDocument } from './LegalDocument';

/** The privacy policy: a nickname, an e-mail and progress are what the service stores. */
export default function PrivacyPage() {
  return <LegalDocument {...privacyPolicy(SUPPORT_LINKS.email.address)} />;
}
