import { useState } from 'preact/hooks';
import { api, segment, type ApiError, type DataOf } from '../api';
import { go, href } from '../route';
import { ConfirmButton } from '../ui/confirm';
import { Field, FormError, localDateTime, useForm } from '../ui/form';
import { count, dateTime } from '../ui/format';
import { useLoad } from '../ui/load';
import { MailFrame } from '../ui/mail-frame';
import { ErrorNotice, Loading } from '../ui/notice';
import { EditDraft } from './campaign-edit';
import { StatusBadge, type Campaign } from './campaigns';

/** While these last the counters move: the view asks again every two seconds. */
const LIVE = new Set(['scheduled', 'sending']);
const COUNTERS = [
  'recipients',
  'sent',
  'failed',
  'opened',
  'clicked',
  'bounced',
  'complained',
  'unsubscribed',
] as const;

const Counters = ({ campaign }: { campaign: Campaign }) => (
  <dl class="figures" aria-label="Counters">
    {COUNTERS.map((counter) => (
      <div key={counter}>
        <dt>{counter}</dt>
        <dd data-counter={counter}>{count(campaign.stats[counter])}</dd>
      </div>
    ))}
  </dl>
);

/** Send now, or schedule: `send_at` from the reader's local time, sent as ISO 8601 with its zone. */
const SendForms = ({ campaign, onChanged }: { campaign: Campaign; onChanged: () => void }) => {
  const path = `/campaigns/${segment(campaign.id)}/send`;
  const now = useForm(() => api.post<DataOf<'campaigns-send'>>(path), onChanged);
  const later = useForm(
    (values) => api.post<DataOf<'campaigns-send'>>(path, { send_at: localDateTime(values, 'send_at') ?? '' }),
    onChanged,
  );
  return (
    <div class="actions">
      <form onSubmit={now.submit} noValidate>
        <FormError form={now} />
        <button type="submit" disabled={now.busy}>
          Send now
        </button>
      </form>
      <form onSubmit={later.submit} noValidate class="inline">
        <Field form={later} name="send_at" label="Send at (your time)" type="datetime-local" />
        <FormError form={later} />
        <button type="submit" disabled={later.busy}>
          Schedule
        </button>
      </form>
    </div>
  );
};

/** The campaign's list by its name (its id while the name loads, or if the list is gone). */
const ListLink = ({ id }: { id: string }) => {
  const { loaded } = useLoad(() => api.get<DataOf<'lists-get'>>(`/lists/${segment(id)}`), [id]);
  return <a href={href(`/lists/${id}`)}>{loaded.state === 'ok' ? loaded.data.name : id}</a>;
};

/** The campaign's topic by its name (its id while the name loads, or if the topic is gone). */
const TopicName = ({ id }: { id: string }) => {
  const { loaded } = useLoad(() => api.get<DataOf<'topics-get'>>(`/topics/${segment(id)}`), [id]);
  return <a href={href('/topics')}>{loaded.state === 'ok' ? loaded.data.name : id}</a>;
};

/** The campaign's template by its name (its id while the name loads, or if the template is gone). */
const TemplateLink = ({ id }: { id: string }) => {
  const { loaded } = useLoad(() => api.get<DataOf<'templates-get'>>(`/templates/${segment(id)}`), [id]);
  return <a href={href(`/templates/${id}`)}>{loaded.state === 'ok' ? loaded.data.name : id}</a>;
};

/** One campaign: its counters (live while it sends), what it says, and what can be done with it now. */
export const CampaignView = ({ id }: { id: string }) => {
  const { loaded, reload } = useLoad(() => api.get<Campaign>(`/campaigns/${segment(id)}`), [id], {
    everyMs: 2000,
    keepPolling: (c) => LIVE.has(c.status),
  });
  const [error, setError] = useState<ApiError>();
  const act = async (call: Promise<{ ok: boolean; error?: ApiError }>, after: () => void = reload) => {
    const answer = await call;
    if (answer.ok) {
      setError(undefined);
      after();
    } else setError(answer.error);
  };
  if (loaded.state === 'loading') return <Loading />;
  if (loaded.state === 'error') return <ErrorNotice error={loaded.error} />;
  const campaign = loaded.data;
  return (
    <>
      <p>
        <a href={href('/campaigns')}>All campaigns</a>
      </p>
      <section class="card" aria-labelledby="campaign-title">
        <h2 id="campaign-title">{campaign.name}</h2>
        <p role="status">
          <StatusBadge status={campaign.status} />
          {campaign.status === 'scheduled' && ` for ${dateTime(campaign.send_at)}`}
          {campaign.started_at && ` · started ${dateTime(campaign.started_at)}`}
          {campaign.finished_at && ` · finished ${dateTime(campaign.finished_at)}`}
          {campaign.failure_reason && ` · ${campaign.failure_reason}`}
        </p>
        <Counters campaign={campaign} />
        {error && <ErrorNotice error={error} />}
        {campaign.status === 'draft' && <SendForms campaign={campaign} onChanged={reload} />}
        <div class="actions">
          {LIVE.has(campaign.status) && (
            <ConfirmButton
              label="Cancel campaign"
              confirm="Stop sending"
              onConfirm={() => act(api.post(`/campaigns/${segment(id)}/cancel`))}
            />
          )}
          {campaign.status === 'draft' && (
            <ConfirmButton
              label="Delete draft"
              confirm="Delete for good"
              onConfirm={() => act(api.delete(`/campaigns/${segment(id)}`), () => go('/campaigns'))}
            />
          )}
        </div>
      </section>
      <section class="card" aria-labelledby="campaign-content">
        <h2 id="campaign-content">Content</h2>
        <dl class="facts">
          <dt>Subject</dt>
          <dd>{campaign.subject}</dd>
          <dt>List</dt>
          <dd>
            <ListLink id={campaign.list_id} />
          </dd>
          <dt>Topic</dt>
          <dd>{campaign.topic_id ? <TopicName id={campaign.topic_id} /> : 'None: everyone subscribed to the list'}</dd>
          {campaign.template_id && (
            <>
              <dt>Template</dt>
              <dd>
                <TemplateLink id={campaign.template_id} />
              </dd>
              <dt>Variables</dt>
              <dd>
                <code>{JSON.stringify(campaign.variables ?? {})}</code>
              </dd>
            </>
          )}
          <dt>From</dt>
          <dd>{campaign.from_email ?? "The default provider's address"}</dd>
          <dt>Tracking</dt>
          <dd>
            Opens {campaign.track_opens ? 'on' : 'off'}, clicks {campaign.track_clicks ? 'on' : 'off'}
          </dd>
        </dl>
        {campaign.html && (
          <>
            <h3>Preview</h3>
            <MailFrame html={campaign.html} title="The campaign's HTML, rendered" />
          </>
        )}
        {campaign.html && (
          <details>
            <summary>HTML source</summary>
            <pre class="source">{campaign.html}</pre>
          </details>
        )}
        {campaign.text && (
          <details>
            <summary>Plain text</summary>
            <pre class="source">{campaign.text}</pre>
          </details>
        )}
      </section>
      {campaign.status === 'draft' && <EditDraft campaign={campaign} onSaved={reload} />}
    </>
  );
};
