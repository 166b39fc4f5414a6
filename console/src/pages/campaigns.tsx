import { useState } from 'preact/hooks';
import { api, refuse, type DataOf } from '../api';
import { go, href } from '../route';
import { Field, FormError, text, useForm, type FormState } from '../ui/form';
import { count, dateTime } from '../ui/format';
import { jsonObject } from '../ui/json-field';
import { useLoad } from '../ui/load';
import { ErrorNotice, Loading } from '../ui/notice';
import { Pager } from '../ui/pager';
import { TopicField } from './topic-field';

type Page = DataOf<'campaigns-list'>;
type Lists = DataOf<'lists-list'>;
type Templates = DataOf<'templates-list'>;
export type Campaign = DataOf<'campaigns-get'>;

const PAGE = 20;

export const StatusBadge = ({ status }: { status: string }) => <span class={`badge status-${status}`}>{status}</span>;

/** A stored template in place of the campaign's own subject and body, with the values it reads. */
const FromTemplate = ({ form }: { form: FormState }) => {
  const templates = useLoad(() => api.get<Templates>('/templates?limit=100'), []);
  const [chosen, setChosen] = useState('');
  const template =
    templates.loaded.state === 'ok' ? templates.loaded.data.templates.find((t) => t.id === chosen) : undefined;
  return (
    <>
      {templates.loaded.state === 'error' && <ErrorNotice error={templates.loaded.error} />}
      <Field
        form={form}
        name="template_id"
        label="Template"
        as="select"
        value={chosen}
        onChange={(event) => setChosen((event.currentTarget as HTMLSelectElement).value)}
      >
        <option value="">Choose a template</option>
        {templates.loaded.state === 'ok' &&
          templates.loaded.data.templates.map((t) => (
            <option key={t.id} value={t.id}>
              {t.name}
            </option>
          ))}
      </Field>
      <Field
        form={form}
        name="variables"
        label="Variables (JSON, optional)"
        as="textarea"
        rows={4}
        hint={
          template
            ? `${template.name} reads ${template.variables.join(', ') || 'no variables'}; each subscriber's ` +
              `{{name}} and {{email}} are filled too.`
            : 'A JSON object, e.g. {"offer": "10%"}.'
        }
      />
    </>
  );
};

/** A draft from html (and text), or from a stored template and its variables. */
const CreateCampaign = () => {
  const lists = useLoad(() => api.get<Lists>('/lists?limit=100'), []);
  const [source, setSource] = useState<'html' | 'template'>('html');
  const form = useForm(
    (values) => {
      const common = {
        name: text(values, 'name') ?? '',
        list_id: text(values, 'list_id') ?? '',
        topic_id: text(values, 'topic_id'),
        from_email: text(values, 'from_email'),
      };
      if (source === 'html')
        return api.post<Campaign>('/campaigns', {
          ...common,
          subject: text(values, 'subject') ?? '',
          html: text(values, 'html'),
          text: text(values, 'text'),
        });
      const variables = jsonObject(String(values.get('variables') ?? ''));
      if (!variables.ok)
        return Promise.resolve(refuse('variables', 'The variables are not a JSON object', variables.message));
      return api.post<Campaign>('/campaigns', {
        ...common,
        template_id: text(values, 'template_id') ?? '',
        variables: variables.value,
      });
    },
    (campaign) => go(`/campaigns/${campaign.id}`),
  );
  return (
    <section class="card" aria-labelledby="new-campaign">
      <h2 id="new-campaign">New campaign</h2>
      {lists.loaded.state === 'error' && <ErrorNotice error={lists.loaded.error} />}
      <form onSubmit={form.submit} noValidate>
        <Field form={form} name="name" label="Name" autoComplete="off" />
        <Field form={form} name="list_id" label="List" as="select">
          <option value="">Choose a list</option>
          {lists.loaded.state === 'ok' &&
            lists.loaded.data.lists.map((list) => (
              <option key={list.id} value={list.id}>
                {list.name} ({list.subscriber_count})
              </option>
            ))}
        </Field>
        <TopicField form={form} />
        <fieldset class="field choices">
          <legend>Content</legend>
          {(
            [
              ['html', 'Write it here'],
              ['template', 'From a template'],
            ] as const
          ).map(([value, label]) => (
            <label key={value} class="choice">
              <input
                type="radio"
                name="source"
                value={value}
                checked={source === value}
                onChange={() => setSource(value)}
              />{' '}
              {label}
            </label>
          ))}
        </fieldset>
        {source === 'html' ? (
          <>
            <Field
              form={form}
              name="subject"
              label="Subject"
              hint="{{name}}, {{email}} and {{unsubscribe_url}} are filled per subscriber."
              autoComplete="off"
            />
            <Field
              form={form}
              name="html"
              label="HTML"
              as="textarea"
              rows={8}
              hint="Without {{unsubscribe_url}}, an unsubscribe line is added at the end."
            />
            <Field form={form} name="text" label="Plain text (optional)" as="textarea" rows={4} />
          </>
        ) : (
          <FromTemplate form={form} />
        )}
        <Field
          form={form}
          name="from_email"
          label="From (optional)"
          type="email"
          hint="The default provider's address when empty."
          autoComplete="off"
        />
        <FormError form={form} />
        <button type="submit" disabled={form.busy}>
          Create draft
        </button>
      </form>
    </section>
  );
};

/** The account's campaigns, newest first, with their counters. */
export const Campaigns = () => {
  const [offset, setOffset] = useState(0);
  const { loaded } = useLoad(() => api.get<Page>(`/campaigns?limit=${PAGE}&offset=${offset}`), [offset]);
  return (
    <>
      <section class="card" aria-labelledby="campaign-list">
        <h2 id="campaign-list">All campaigns</h2>
        {loaded.state === 'loading' && <Loading />}
        {loaded.state === 'error' && <ErrorNotice error={loaded.error} />}
        {loaded.state === 'ok' &&
          (loaded.data.campaigns.length === 0 ? (
            <p class="muted">No campaigns yet.</p>
          ) : (
            <div class="table-wrap">
              <table>
                <thead>
                  <tr>
                    {['Name', 'Status', 'Recipients', 'Sent', 'Opened', 'Clicked', 'Created'].map((h) => (
                      <th key={h} scope="col">
                        {h}
                      </th>
                    ))}
                  </tr>
                </thead>
                <tbody>
                  {loaded.data.campaigns.map((campaign) => (
                    <tr key={campaign.id}>
                      <th scope="row">
                        <a href={href(`/campaigns/${campaign.id}`)}>{campaign.name}</a>
                      </th>
                      <td>
                        <StatusBadge status={campaign.status} />
                      </td>
                      <td>{count(campaign.stats.recipients)}</td>
                      <td>{count(campaign.stats.sent)}</td>
                      <td>{count(campaign.stats.opened)}</td>
                      <td>{count(campaign.stats.clicked)}</td>
                      <td>{dateTime(campaign.created_at)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          ))}
        {loaded.state === 'ok' && (
          <Pager
            label="Campaign"
            total={loaded.data.total}
            limit={loaded.data.limit}
            offset={offset}
            onOffset={setOffset}
          />
        )}
      </section>
      <CreateCampaign />
    </>
  );
};
