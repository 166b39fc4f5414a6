import { api, type DataOf } from '../api';
import { Field, type FormState } from '../ui/form';
import { useLoad } from '../ui/load';
import { ErrorNotice } from '../ui/notice';

/**
 * A campaign's topic (`topic_id`), chosen among the account's topics: with one, only the list's contacts opted
 * in to it are reached. The empty choice is sent as `null` (no topic).
 */
export const TopicField = ({ form, value }: { form: FormState; value?: string | null }) => {
  const topics = useLoad(() => api.get<DataOf<'topics-list'>>('/topics'), []);
  return (
    <>
      {topics.loaded.state === 'error' && <ErrorNotice error={topics.loaded.error} />}
      <Field
        form={form}
        name="topic_id"
        label="Topic (optional)"
        as="select"
        hint="Only the list's contacts opted in to the topic are reached; its unsubscribe link leaves the topic only."
      >
        <option value="">No topic: everyone subscribed to the list</option>
        {topics.loaded.state === 'ok' &&
          topics.loaded.data.topics.map((topic) => (
            <option key={topic.id} value={topic.id} selected={topic.id === value}>
              {topic.name} ({topic.default_subscription.replace('_', '-')} by default)
            </option>
          ))}
      </Field>
    </>
  );
};
