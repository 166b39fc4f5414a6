import { API_BASE, api } from '../api';
import { useLoad } from '../ui/load';
import { Loading } from '../ui/notice';

/**
 * A view whose route this server does not have yet: it asks the route and says what the server
 * answered, so it tells the truth about this deployment. When the route lands, the view's module is
 * replaced by the full page (pages/index.ts lists them); nothing else changes.
 */
export const NotYet = ({ what, path }: { what: string; path: string }) => {
  const { loaded } = useLoad(() => api.get<unknown>(path), [path]);
  if (loaded.state === 'loading') return <Loading />;
  const route = `GET ${API_BASE}${path}`;
  return (
    <section class="card" aria-labelledby="not-yet">
      <h2 id="not-yet">{what}</h2>
      {loaded.state === 'error' && loaded.error.status === 404 ? (
        <div class="notice info">
          <p>
            <strong>Not available on this server yet.</strong> {route} answered {loaded.error.status}: {loaded.error.message} <span class="code">{loaded.error.code}</span>
          </p>
        </div>
      ) : loaded.state === 'error' ? (
        <div class="notice error" role="alert">
          <p>
            {route} answered {loaded.error.status}: <strong>{loaded.error.message}</strong> <span class="code">{loaded.error.code}</span>
          </p>
        </div>
      ) : (
        <div class="notice info">
          <p>This server answers {route}, but this console cannot show it yet.</p>
        </div>
      )}
    </section>
  );
};
