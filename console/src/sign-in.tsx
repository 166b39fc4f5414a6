import { refuse, request } from './api';
import { session } from './session';
import { Field, FormError, text, useForm } from './ui/form';
import { RateLimitNotice } from './ui/rate-limit';

/**
 * Sign-in: the key is tried on GET /stats. A 401 is a wrong key (shown next to the field); any other
 * answer means the key is good, even a 403 (a key without `mail` still opens the pages it may use).
 */
export const SignIn = ({ onSignedIn, reason }: { onSignedIn: () => void; reason?: string }) => {
  const form = useForm(
    async (values) => {
      const key = text(values, 'api_key');
      if (!key) return refuse('api_key', 'Enter an API key');
      const answer = await request<unknown>('GET', '/stats?days=1', undefined, key);
      if (!answer.ok && answer.status === 401)
        return {
          ...answer,
          error: { ...answer.error, details: [{ field: 'api_key', message: answer.error.message }] },
        };
      if (!answer.ok && answer.status !== 403) return answer;
      session.signIn(key);
      return { ok: true, status: 200, data: undefined };
    },
    () => onSignedIn(),
  );
  return (
    <main id="main" class="sign-in">
      <h1>Email delivery service</h1>
      <p>Sign in with an API key of your account. It is kept in this tab only, until you close it or sign out.</p>
      {reason && (
        <p class="notice info" role="status">
          {reason}
        </p>
      )}
      <RateLimitNotice />
      <form onSubmit={form.submit} noValidate>
        <Field form={form} name="api_key" label="API key" type="password" autoComplete="off" spellcheck={false} />
        <FormError form={form} />
        <button type="submit" disabled={form.busy}>
          Sign in
        </button>
      </form>
    </main>
  );
};
