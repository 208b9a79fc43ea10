import { terms } from '../../i18n/legal/terms';
import { LegalDocument } from './LegalDocument';

/** The terms of service. */
export default function TermsPage() {
  return <LegalDocument {...terms} />;
}
