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
export const SecretOnce = ({ label, value, onDone }: { label: string; value: string; onDone: () => void }) => {
  const [copied, setCopied] = useState(false);
  return (
    <div class="notice secret" role="status">
      <p>
        <strong>{label}</strong> It is shown this once: copy it now.
      </p>
      <p>
        <code class="secret-value">{value}</code>
      </p>
      {/* The clipboard is there in secure contexts only (https, localhost): elsewhere, select and copy by hand. */}
      {navigator.clipboard && (
        <button type="button" onClick={() => navigator.clipboard.writeText(value).then(() => setCopied(true), () => setCopied(false))}>
          {copied ? 'Copied' : 'Copy'}
        </button>
      )}{' '}
      <button type="button" class="quiet" onClick={onDone}>
        Done
      </button>
    </div>
  );
};
