import { api, refuse, segment, type DataOf } from '../api';
import { go, href } from '../route';
import { Field, FormError, text, useForm } from '../ui/form';
import { dateTime } from '../ui/format';
import { useLoad } from '../ui/load';
import { Card, CreateForm, ListOf } from '../ui/list';
import { CursorPager, useCursorPages } from '../ui/pager';
import { ContactProperties } from './contact-properties';

type Page = DataOf<'contacts-list'>;
export type Contact = DataOf<'contacts-get'>;
const PAGE = 50;

/** A contact's name as one line: both parts, the one there is, or nothing. */
export const fullName = (contact: Pick<Contact, 'first_name' | 'last_name'>) =>
  [contact.first_name, contact.last_name].filter(Boolean).join(' ');

/** Opens the contact an address names (GET /contacts/{email}, any case); an unknown one is said at the field. */
const FindContact = () => {
  const form = useForm(
    async (values) => {
      const email = text(values, 'email');
      if (!email) return refuse('email', 'Give the address to look for');
      const answer = await api.get<Contact>(`/contacts/${segment(email)}`);
      return !answer.ok && answer.status === 404
        ? refuse('email', answer.error.message, 'No contact has this address')
        : answer;
    },
    (contact) => go(`/contacts/${contact.id}`),
  );
  return (
    <form onSubmit={form.submit} noValidate class="inline single" aria-label="Find a contact">
      <Field form={form} name="email" label="Find by email" type="email" autoComplete="off" />
      <FormError form={form} />
      <button type="submit" disabled={form.busy}>
        Find
      </button>
    </form>
  );
};

const NewContact = () => {
  const form = useForm(
    (values) =>
      api.post<Contact>('/contacts', {
        email: text(values, 'email') ?? '',
        first_name: text(values, 'first_name'),
        last_name: text(values, 'last_name'),
      }),
    (contact) => go(`/contacts/${contact.id}`),
  );
  return (
    <Card id="new-contact" title="New contact">
      <CreateForm form={form} submit="Create contact">
        <Field form={form} name="email" label="Email" type="email" autoComplete="off" />
        <Field form={form} name="first_name" label="First name (optional)" autoComplete="off" />
        <Field form={form} name="last_name" label="Last name (optional)" autoComplete="off" />
      </CreateForm>
    </Card>
  );
};

/**
 * The account's contacts, newest first, a page at a time by cursor; one found by its address; a form for a new
 * one; the properties contacts may hold.
 */
export const Contacts = () => {
  const pages = useCursorPages();
  const { cursor } = pages;
  const { loaded } = useLoad(
    () => api.get<Page>(`/contacts?limit=${PAGE}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`),
    [cursor],
  );
  return (
    <>
      <Card id="all-contacts" title="All contacts">
        <FindContact />
        <ListOf
          loaded={loaded}
          items={(data) => data.contacts}
          empty="No contacts yet."
          headings={['Email', 'Name', 'Campaigns', 'Created']}
          row={(contact) => (
            <tr key={contact.id}>
              <th scope="row">
                <a href={href(`/contacts/${contact.id}`)}>{contact.email}</a>
              </th>
              <td>{fullName(contact)}</td>
              <td>
                {contact.unsubscribed ? (
                  <span class="badge status-unsubscribed">unsubscribed</span>
                ) : (
                  <span class="badge ok">subscribed</span>
                )}
              </td>
              <td>{dateTime(contact.created_at)}</td>
            </tr>
          )}
          footer={(data) => <CursorPager label="Contact" pages={pages} next={data.next_cursor} />}
        />
      </Card>
      <NewContact />
      <ContactProperties />
    </>
  );
};
