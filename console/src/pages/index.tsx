import type { ComponentChildren } from 'preact';
import { ApiKeys } from './api-keys';
import { AutomationView } from './automation';
import { Automations } from './automations';
import { CampaignView } from './campaign';
import { Campaigns } from './campaigns';
import { DomainView } from './domain';
import { ContactView } from './contact';
import { Contacts } from './contacts';
import { Domains } from './domains';
import { Events } from './events';
import { ListView } from './list';
import { Lists } from './lists';
import { Messages } from './messages';
import { Overview } from './overview';
import { Providers } from './providers';
import { RequestLog } from './request-log';
import { Suppressions } from './suppressions';
import { TemplateView } from './template';
import { Templates } from './templates';
import { Tenants } from './tenants';
import { Topics } from './topics';
import { UsagePage } from './usage';
import { WebhookHistory } from './webhook-history';
import { Webhooks } from './webhooks';

/**
 * The console's pages, in the order of the navigation: each a module of its own, given the path's
 * id when it has one (`#/campaigns/<id>`).
 */
export interface Page {
  /** The navigation link's name, and the page's heading. */
  title: string;
  /** The first segment of the hash path. */
  path: string;
  render: (id: string | undefined) => ComponentChildren;
}

export const PAGES: readonly Page[] = [
  { title: 'Overview', path: 'overview', render: () => <Overview /> },
  { title: 'Messages', path: 'messages', render: (id) => <Messages id={id} /> },
  { title: 'Campaigns', path: 'campaigns', render: (id) => (id ? <CampaignView id={id} /> : <Campaigns />) },
  {
    title: 'Automations',
    path: 'automations',
    render: (id) => (id ? <AutomationView id={id} /> : <Automations />),
  },
  { title: 'Events', path: 'events', render: () => <Events /> },
  { title: 'Lists', path: 'lists', render: (id) => (id ? <ListView id={id} /> : <Lists />) },
  { title: 'Contacts', path: 'contacts', render: (id) => (id ? <ContactView id={id} /> : <Contacts />) },
  { title: 'Topics', path: 'topics', render: () => <Topics /> },
  { title: 'Suppressions', path: 'suppressions', render: () => <Suppressions /> },
  { title: 'Templates', path: 'templates', render: (id) => (id ? <TemplateView id={id} /> : <Templates />) },
  { title: 'Domains', path: 'domains', render: (id) => (id ? <DomainView id={id} /> : <Domains />) },
  { title: 'Webhooks', path: 'webhooks', render: (id) => (id ? <WebhookHistory id={id} /> : <Webhooks />) },
  { title: 'Tenants', path: 'tenants', render: () => <Tenants /> },
  { title: 'API keys', path: 'api-keys', render: () => <ApiKeys /> },
  { title: 'Providers', path: 'providers', render: () => <Providers /> },
  { title: 'Request log', path: 'request-log', render: (id) => <RequestLog id={id} /> },
  { title: 'Usage', path: 'usage', render: () => <UsagePage /> },
];
