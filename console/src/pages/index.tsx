import type { ComponentChildren } from 'preact';
import { ApiKeys } from './api-keys';
import { CampaignView } from './campaign';
import { Campaigns } from './campaigns';
import { ListView } from './list';
import { Lists } from './lists';
import { Messages } from './messages';
import { NotYet } from './not-yet';
import { Overview } from './overview';
import { Providers } from './providers';
import { Suppressions } from './suppressions';
import { Webhooks } from './webhooks';

/**
 * The console's pages, in the order of the navigation: each a module of its own, given the path's
 * id when it has one (`#/campaigns/<id>`). Templates and Domains say what this server
 * answers until their routes exist; their full pages replace the `NotYet` line here.
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
  { title: 'Lists', path: 'lists', render: (id) => (id ? <ListView id={id} /> : <Lists />) },
  { title: 'Suppressions', path: 'suppressions', render: () => <Suppressions /> },
  { title: 'Templates', path: 'templates', render: () => <NotYet what="Templates" path="/templates" /> },
  { title: 'Domains', path: 'domains', render: () => <NotYet what="Sending domains" path="/domains" /> },
  { title: 'Webhooks', path: 'webhooks', render: () => <Webhooks /> },
  { title: 'API keys', path: 'api-keys', render: () => <ApiKeys /> },
  { title: 'Providers', path: 'providers', render: () => <Providers /> },
];
