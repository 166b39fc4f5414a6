import { useState } from 'preact/hooks';

/**
 * A button for what cannot be undone (revoke, delete, cancel): the first press asks, the second
 * acts. Inline rather than `confirm()`, which a keyboard user cannot tell from the page.
 */
export const ConfirmButton = ({
  label,
  confirm,
  onConfirm,
  disabled,
}: {
  label: string;
  confirm: string;
  onConfirm: () => void | Promise<void>;
  disabled?: boolean;
}) => {
  const [asking, setAsking] = useState(false);
  if (!asking)
    return (
      <button type="button" class="danger" onClick={() => setAsking(true)} disabled={disabled}>
        {label}
      </button>
    );
  return (
    <span class="confirm">
      <button
        type="button"
        class="danger"
        onClick={async () => {
          setAsking(false);
          await onConfirm();
        }}
      >
        {confirm}
      </button>{' '}
      <button type="button" class="quiet" onClick={() => setAsking(false)}>
        Keep
      </button>
    </span>
  );
};
