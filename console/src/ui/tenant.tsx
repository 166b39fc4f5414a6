import { useEffect, useState } from 'preact/hooks';
import { api, type DataOf } from '../api';
import { useLoad } from './load';

type Tenants = DataOf<'tenants-list'>;

/**
 * The tenant the Overview, Messages and Suppressions show (its name; '' for the whole account): one choice for
 * the three, kept for the tab's visit (in memory, like the key's pages), so moving between them keeps it.
 */
let chosen = '';
const listeners = new Set<(tenant: string) => void>();

export const useTenant = (): [string, (tenant: string) => void] => {
  const [tenant, setTenant] = useState(chosen);
  useEffect(() => {
    listeners.add(setTenant);
    setTenant(chosen);
    return () => {
      listeners.delete(setTenant);
    };
  }, []);
  return [
    tenant,
    (next) => {
      chosen = next;
      for (const listener of listeners) listener(next);
    },
  ];
};

/** The query string part for a chosen tenant (`&tenant=acme`), or nothing. */
export const tenantQuery = (tenant: string) => (tenant ? `&tenant=${encodeURIComponent(tenant)}` : '');

/** How many tenants the picker offers in a select; past that, a field that takes any name (10,000 may exist). */
const SELECTABLE = 100;

/**
 * Picks a tenant (or the whole account). Nothing is shown to an account without tenants, nor to a key that may
 * not list them (tenants are `admin`; a tenant-bound key reads its own tenant's records anyway).
 */
export const TenantPicker = ({ tenant, onTenant }: { tenant: string; onTenant: (tenant: string) => void }) => {
  const { loaded } = useLoad(() => api.get<Tenants>(`/tenants?limit=${SELECTABLE}`), []);
  const [typed, setTyped] = useState(tenant);
  if (loaded.state !== 'ok' || (loaded.data.tenants.length === 0 && !tenant)) return null;
  const { tenants, next_cursor } = loaded.data;
  if (!next_cursor)
    return (
      <span class="tenant-picker">
        <label for="tenant-picker">Tenant</label>
        <select
          id="tenant-picker"
          value={tenant}
          onChange={(event) => onTenant((event.currentTarget as HTMLSelectElement).value)}
        >
          <option value="">All (the account)</option>
          {tenants.map((t) => (
            <option key={t.id} value={t.name}>
              {t.name}
              {t.status === 'paused' ? ' (paused)' : ''}
            </option>
          ))}
          {tenant && !tenants.some((t) => t.name === tenant) && <option value={tenant}>{tenant}</option>}
        </select>
      </span>
    );
  return (
    <form
      class="tenant-picker"
      onSubmit={(event) => {
        event.preventDefault();
        onTenant(typed.trim());
      }}
    >
      <label for="tenant-picker">Tenant (name or id; empty for the account)</label>
      <input
        id="tenant-picker"
        class="narrow"
        list="tenant-options"
        value={typed}
        onInput={(event) => setTyped((event.currentTarget as HTMLInputElement).value)}
        autoComplete="off"
      />
      <datalist id="tenant-options">
        {tenants.map((t) => (
          <option key={t.id} value={t.name} />
        ))}
      </datalist>
      <button type="submit" class="quiet">
        Show
      </button>
    </form>
  );
};
