import { useState } from 'react';
import { isStaff, useMe } from '../../data';
import { ko } from '../../i18n/ko';
import { Spinner } from '../../ui/Loading';
import { useDocumentTitle } from '../PageLayout';
import { ReportsTab } from './ReportsTab';
import { ChangesTab } from './ChangesTab';
import { PlayersTab } from './PlayersTab';
import { AuditTab } from './AuditTab';
import { CatalogueTab } from './CatalogueTab';

const t = ko.moderation;
type Tab = keyof typeof t.tabs;

/** /moderation: the report queue, recent changes, players and the audit log (moderators and admins). */
export default function ModerationPage() {
  useDocumentTitle(t.title);
  const me = useMe();
  const [tab, setTab] = useState<Tab>('reports');
  if (me.isPending) return <Spinner label={t.title} />;
  if (!isStaff(me.data))
    return (
      <main className="moderation-page">
        <p className="notice notice-danger">{t.forbidden}</p>
      </main>
    );
  const admin = me.data?.role === 'admin';
  return (
    <main className="moderation-page">
      <h1>{t.title}</h1>
      <div className="tabs" role="tablist">
        {(Object.keys(t.tabs) as Tab[])
          .filter((k) => admin || k !== 'catalogue')
          .map((k) => (
            <button key={k} type="button" role="tab" aria-selected={tab === k} onClick={() => setTab(k)}>
              {t.tabs[k]}
            </button>
          ))}
      </div>
      <div role="tabpanel">
        {tab === 'reports' && <ReportsTab />}
        {tab === 'changes' && <ChangesTab />}
        {tab === 'players' && <PlayersTab admin={admin} />}
        {tab === 'audit' && <AuditTab />}
        {tab === 'catalogue' && <CatalogueTab admin={admin} />}
      </div>
    </main>
  );
}
