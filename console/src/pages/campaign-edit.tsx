import { api, refuse, segment } from '../api';
import { Field, FormError, text, useForm } from '../ui/form';
import { jsonObject } from '../ui/json-field';
import type { Campaign } from './campaigns';
import { TopicField } from './topic-field';

/**
 * A draft's fields, changed with PUT /campaigns/{id} (only a draft may change). A draft made from a
 * template keeps it: its variables change here, its copy at the template.
 */
export const EditDraft = ({ campaign, onSaved }: { campaign: Campaign; onSaved: () => void }) => {
  const form = useForm((values) => {
    const common = {
      name: text(values, 'name') ?? '',
      from_email: text(values, 'from_email') ?? null,
      topic_id: text(values, 'topic_id') ?? null,
    };
    const path = `/campaigns/${segment(campaign.id)}`;
    if (!campaign.template_id)
      return api.put<Campaign>(path, {
        ...common,
        subject: text(values, 'subject') ?? '',
        html: String(values.get('html') ?? ''),
        text: String(values.get('text') ?? ''),
      });
    const variables = jsonObject(String(values.get('variables') ?? ''));
    if (!variables.ok)
      return Promise.resolve(refuse('variables', 'The variables are not a JSON object', variables.message));
    return api.put<Campaign>(path, { ...common, variables: variables.value });
  }, onSaved);
  return (
    <section class="card" aria-labelledby="edit-draft">
      <h2 id="edit-draft">Edit draft</h2>
      <form key={campaign.updated_at} onSubmit={form.submit} noValidate>
        <Field form={form} name="name" label="Name" defaultValue={campaign.name} autoComplete="off" />
        <TopicField form={form} value={campaign.topic_id} />
        {campaign.template_id ? (
          <Field
            form={form}
            name="variables"
            label="Variables (JSON)"
            as="textarea"
            rows={4}
            defaultValue={JSON.stringify(campaign.variables ?? {})}
          />
        ) : (
          <>
            <Field form={form} name="subject" label="Subject" defaultValue={campaign.subject} autoComplete="off" />
            <Field form={form} name="html" label="HTML" as="textarea" rows={8} defaultValue={campaign.html ?? ''} />
            <Field
              form={form}
              name="text"
              label="Plain text (optional)"
              as="textarea"
              rows={4}
              defaultValue={campaign.text ?? ''}
            />
          </>
        )}
        <Field
          form={form}
          name="from_email"
          label="From (optional)"
          type="email"
          defaultValue={campaign.from_email ?? ''}
          hint="The default provider's address when empty."
          autoComplete="off"
        />
        <FormError form={form} />
        <button type="submit" disabled={form.busy}>
          Save draft
        </button>
      </form>
    </section>
  );
};
