import type { ComponentChildren } from 'preact';
import { useState } from 'preact/hooks';
import type { ApiError } from '../api';

/** What a route refused, in its own words (code and message); announced to screen readers. */
export const ErrorNotice = ({ error, children }: { error: ApiError; children?: ComponentChildren }) => (
  <div class="notice error" role="alert">
    <strong>{error.message}</strong> <span class="code">{error.code}</span>
    {children}
  </div>
);

export const Loading = () => (
  <p class="muted" role="status">
    Loading…
  </p>
);

/**
 * A secret the API shows in one answer only (a new key, a webhook signing secret): shown here once,
 * with a button that copies it; leaving the view forgets it.
 */
export const SecretOnce = ({ label, value, onDone }: { label: string; value: string; onDone: () => void }) => (
  <div class="notice secret" role="status">
    <p>
      <strong>{label}</strong> It is shown this once: copy it now.
    </p>
    <p>
      <code class="secret-value">{value}</code>
    </p>
    <CopyButton value={value} />{' '}
    <button type="button" class="quiet" onClick={onDone}>
      Done
    </button>
  </div>
);

/**
 * Copies a value (a secret, a DNS record's value). The clipboard is there in secure contexts only
 * (https, localhost): elsewhere there is no button, and the value is selected and copied by hand.
 * `label` names what is copied when several buttons share a view (its name starts with "Copy").
 */
export const CopyButton = ({ value, label }: { value: string; label?: string }) => {
  const [copied, setCopied] = useState(false);
  if (!navigator.clipboard) return null;
  return (
    <button
      type="button"
      aria-label={label ? `${copied ? 'Copied' : 'Copy'} ${label}` : undefined}
      onClick={() =>
        navigator.clipboard.writeText(value).then(
          () => setCopied(true),
          () => setCopied(false),
        )
      }
    >
      {copied ? 'Copied' : 'Copy'}
    </button>
  );
};
