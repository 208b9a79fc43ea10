import { useState } from 'react';
import { ApiClientError } from '../../api';
import { importRival, readRivalFile, RivalFileError, useProfiles, type RivalPlan } from '../../data';
import { ko } from '../../i18n/ko';
import { koRival as t } from '../../i18n/ko-profiles';
import { FilePicker } from '../../ui/FilePicker';

const messageOf = (e: unknown) =>
  (e instanceof ApiClientError && e.messageTranslated) || (e instanceof RivalFileError && e.message) || t.failed;

/**
 * /mypage: progress from the other fan map's JSON backup. Choosing a file previews each of its profiles (matched and
 * unmatched markers); the player picks one and where it goes (the active profile, or a new one named as it), sees
 * what it changes, and applies it as one undoable import.
 */
export function RivalImportCard() {
  const profiles = useProfiles(true);
  const [data, setData] = useState<unknown>(null);
  const [plan, setPlan] = useState<RivalPlan | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const active = profiles.data?.profiles.find((p) => p.active)?.name ?? '';

  const run = async (fn: () => Promise<void>) => {
    setError(null);
    setBusy(true);
    try {
      await fn();
    } catch (e) {
      setError(messageOf(e));
    } finally {
      setBusy(false);
    }
  };
  const preview = (d: unknown, profile: number, target: 'active' | 'new') =>
    run(async () => {
      setPlan(await importRival(d, profile, target, true));
    });
  const onFile = (f: File) => {
    setPlan(null);
    void run(async () => {
      const d = await readRivalFile(f);
      setData(d);
      setPlan(await importRival(d, 0, 'active', true));
    });
  };
  const apply = () =>
    plan &&
    run(async () => {
      await importRival(data, plan.profile, plan.target, false);
      setPlan(null);
      setData(null);
    });
  const chosen = plan?.profiles[plan.profile];

  return (
    <section className="card" aria-labelledby="rival-h" data-testid="rival-import">
      <h2 id="rival-h">{t.title}</h2>
      <p className="muted small">{t.hint}</p>
      <FilePicker
        label={t.file}
        accept=".json,application/json"
        disabled={busy}
        spinning={busy && !plan}
        onFile={onFile}
        data-testid="rival-file"
      />
      {error && (
        <p className="field-error" role="alert">
          {error}
        </p>
      )}
      {plan && chosen && (
        <div className="notice" data-testid="rival-preview">
          <fieldset className="rival-choice">
            <legend>{t.which}</legend>
            {plan.profiles.map((p) => (
              <label key={p.index} className="rival-option">
                <input
                  type="radio"
                  name="rival-profile"
                  checked={plan.profile === p.index}
                  disabled={busy}
                  onChange={() => void preview(data, p.index, plan.target)}
                />
                <span data-testid="rival-profile-row">{t.row(p)}</span>
              </label>
            ))}
          </fieldset>
          <fieldset className="rival-choice">
            <legend>{t.target}</legend>
            {(['active', 'new'] as const).map((target) => (
              <label key={target} className="rival-option">
                <input
                  type="radio"
                  name="rival-target"
                  checked={plan.target === target}
                  disabled={busy}
                  onChange={() => void preview(data, plan.profile, target)}
                />
                <span>{target === 'active' ? t.intoActive(active) : t.intoNew(chosen.name)}</span>
              </label>
            ))}
          </fieldset>
          <p data-testid="rival-summary">{t.preview(plan.into, plan.add, plan.unchanged, chosen.unmatched)}</p>
          <div className="row">
            <button type="button" className="btn btn-primary" disabled={busy || plan.add === 0} onClick={() => void apply()}>
              {t.apply}
            </button>
            <button type="button" className="btn" disabled={busy} onClick={() => setPlan(null)}>
              {ko.common.cancel}
            </button>
          </div>
        </div>
      )}
    </section>
  );
}
