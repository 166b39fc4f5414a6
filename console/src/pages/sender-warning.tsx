import { useState } from 'preact/hooks';
import { api, type ApiError, type DataOf, segment } from '../api';
import { ErrorNotice } from '../ui/notice';

export type DomainWarning = DataOf<'domains-create'>['warnings'][number];
type Providers = DataOf<'providers-list'>;

/** The sender `local@domain` becomes: the provider's own local part at the new domain. */
const senderAt = (fromEmail: string, domain: string) => `${fromEmail.slice(0, fromEmail.lastIndexOf('@'))}@${domain}`;

/**
 * Shown once on a domain just added, when POST /domains warned that the default provider sends from
 * none of the account's domains: every default send would be refused until it does. One click moves
 * the default provider's sender to this domain (PUT /providers/{id}), keeping its local part.
 */
export const SenderWarning = ({ warnings, domain }: { warnings: readonly DomainWarning[]; domain: string }) => {
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState<string>();
  const [error, setError] = useState<ApiError>();
  const warning = warnings.find((w) => w.code === 'DEFAULT_SENDER_OUTSIDE_DOMAINS');
  if (!warning) return null;
  const fix = async () => {
    setBusy(true);
    const listed = await api.get<Providers>('/providers');
    const provider = listed.ok ? listed.data.providers.find((p) => p.is_default) : undefined;
    if (!listed.ok) setError(listed.error);
    else if (provider) {
      const from_email = senderAt(provider.from_email, domain);
      const changed = await api.put<unknown>(`/providers/${segment(provider.id)}`, { from_email });
      if (changed.ok) setDone(from_email);
      else setError(changed.error);
    }
    setBusy(false);
  };
  if (done)
    return (
      <div class="notice info" role="status" data-sender-warning>
        <p>
          The default provider now sends from <code>{done}</code>. Publish the records below and verify the domain:
          until then its sends are refused.
        </p>
      </div>
    );
  return (
    <div class="notice info" role="status" data-sender-warning>
      <p>
        <strong>Your sends will be refused.</strong> {warning.message}
      </p>
      <button type="button" onClick={fix} disabled={busy}>
        Send from this domain
      </button>
      {error && <ErrorNotice error={error} />}
    </div>
  );
};
