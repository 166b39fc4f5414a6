import { escapeHtml } from '../domain/escape-html';
import { page } from './unsubscribe-page';

/**
 * The pages of double opt-in's confirmation link, in the unsubscribe pages' frame (no script, a form posting
 * to the same link).
 */
export const askPage = (listName: string, confirmed: boolean) =>
  confirmed
    ? page('Subscription confirmed', `<p>Your subscription to ${escapeHtml(listName)} is confirmed already.</p>`)
    : page(
        'Confirm your subscription',
        `<p>Receive the mail of the list ${escapeHtml(listName)} at this address?</p><form method="post"><button ` +
          `type="submit">Confirm</button></form>`,
      );

export const confirmedPage = (listName: string) =>
  page('Subscription confirmed', `<p>Thank you: your subscription to ${escapeHtml(listName)} is confirmed.</p>`);
