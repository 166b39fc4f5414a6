/**
 * A mail's HTML rendered as a reader would see it, in a frame sandboxed without `allow-scripts` (and
 * without `allow-same-origin`): its scripts never run and it cannot reach the console or its key. The
 * frame inherits the console's Content-Security-Policy, so it loads nothing from another host either
 * (remote images and inline styles of the mail are left out of the preview).
 */
export const MailFrame = ({ html, title }: { html: string; title: string }) => (
  <iframe class="mail-frame" sandbox="" srcdoc={html} title={title} data-preview="frame" />
);
