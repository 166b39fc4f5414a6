import { useEffect, useRef, useState } from 'preact/hooks';
import { api, segment, type ApiError, type DataOf } from '../api';
import { go, href } from '../route';
import { ConfirmButton } from '../ui/confirm';
import { Field, FormError, useForm, type FormState } from '../ui/form';
import { dateTime } from '../ui/format';
import { jsonObject } from '../ui/json-field';
import { useLoad } from '../ui/load';
import { MailFrame } from '../ui/mail-frame';
import { ErrorNotice, Loading } from '../ui/notice';
import { TemplateFields, Variables, type Template } from './templates';

type Rendered = DataOf<'templates-render'>;

/** How long typing pauses before the preview asks the server again. */
const DEBOUNCE_MS = 400;

/** The form value of a part that may be cleared: "" clears it (the route keeps the other part). */
const part = (values: FormData, name: string) => String(values.get(name) ?? '');

/**
 * The stored template rendered with the variables typed here (POST /templates/{id}/render), again
 * DEBOUNCE_MS after the typing stops and after each save: the preview is the server's own rendering
 * of what is stored, so edits show once saved. The HTML is rendered in a sandboxed frame (no script runs)
 * and shown as source.
 */
const Preview = ({ template }: { template: Template }) => {
  // A start: each name the template reads, empty, so the first preview answers rather than refuses.
  const [source, setSource] = useState(() =>
    template.variables.length
      ? JSON.stringify(Object.fromEntries(template.variables.map((name) => [name, ''])), null, 1)
      : '',
  );
  const [rendered, setRendered] = useState<Rendered>();
  const [error, setError] = useState<ApiError>();
  const [fieldError, setFieldError] = useState<string>();
  const latest = useRef(0);
  useEffect(() => {
    const timer = setTimeout(async () => {
      const mine = ++latest.current;
      const variables = jsonObject(source);
      if (!variables.ok) {
        setFieldError(variables.message);
        return;
      }
      const answer = await api.post<Rendered>(`/templates/${segment(template.id)}/render`, {
        variables: variables.value,
      });
      if (mine !== latest.current) return;
      if (answer.ok) {
        setRendered(answer.data);
        setError(undefined);
        setFieldError(undefined);
        return;
      }
      const onField = answer.error.details.filter((detail) => detail.field.split(/[.[]/)[0] === 'variables');
      setFieldError(onField.length > 0 ? onField.map((detail) => detail.message).join('; ') : undefined);
      setError(answer.error);
    }, DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [source, template]);
  // The variables field speaks through the same Field as every form, so its error sits where a route's would.
  const form: FormState = {
    busy: false,
    error,
    fieldError: (name) => (name === 'variables' ? fieldError : undefined),
    submit: async (event) => event.preventDefault(),
  };
  return (
    <section class="card" aria-labelledby="template-preview">
      <h2 id="template-preview">Preview</h2>
      <form onSubmit={form.submit} noValidate>
        <Field
          form={form}
          name="variables"
          label="Variables (JSON)"
          as="textarea"
          rows={4}
          value={source}
          onInput={(event) => setSource((event.currentTarget as HTMLTextAreaElement).value)}
          hint='A JSON object, e.g. {"name": "Ada"}. The preview follows as you type.'
        />
      </form>
      {error && !fieldError && <ErrorNotice error={error} />}
      {rendered && (
        <div aria-live="polite" class="rendered">
          <dl class="facts">
            <dt>Subject</dt>
            <dd data-preview="subject">{rendered.subject}</dd>
          </dl>
          {rendered.html !== null && (
            <>
              <h3>HTML</h3>
              <MailFrame html={rendered.html} title="The template's HTML, rendered" />
              <details>
                <summary>HTML source</summary>
                <pre class="source" data-preview="html">
                  {rendered.html}
                </pre>
              </details>
            </>
          )}
          {rendered.text !== null && (
            <>
              <h3>Plain text</h3>
              <pre class="source" data-preview="text">
                {rendered.text}
              </pre>
            </>
          )}
        </div>
      )}
    </section>
  );
};

/** One template: edit it (a syntax error is shown at its part, with its position), preview it, delete it. */
export const TemplateView = ({ id }: { id: string }) => {
  const { loaded, reload } = useLoad(() => api.get<Template>(`/templates/${segment(id)}`), [id]);
  const [error, setError] = useState<ApiError>();
  const [saved, setSaved] = useState(false);
  const form = useForm(
    (values) => {
      setSaved(false);
      return api.put<Template>(`/templates/${segment(id)}`, {
        name: part(values, 'name'),
        subject: part(values, 'subject'),
        html: part(values, 'html'),
        text: part(values, 'text'),
      });
    },
    () => {
      setSaved(true);
      void reload();
    },
  );
  if (loaded.state === 'loading') return <Loading />;
  if (loaded.state === 'error') return <ErrorNotice error={loaded.error} />;
  const template = loaded.data;
  return (
    <>
      <p>
        <a href={href('/templates')}>All templates</a>
      </p>
      <section class="card" aria-labelledby="template-title">
        <h2 id="template-title">{template.name}</h2>
        <dl class="facts">
          <dt>Variables</dt>
          <dd data-variables>
            <Variables names={template.variables} />
          </dd>
          <dt>Updated</dt>
          <dd>{dateTime(template.updated_at)}</dd>
        </dl>
        <form key={template.updated_at} onSubmit={form.submit} noValidate>
          <TemplateFields form={form} template={template} />
          <FormError form={form} />
          {saved && !form.error && <p role="status">Saved.</p>}
          <button type="submit" disabled={form.busy}>
            Save
          </button>
        </form>
        {error && <ErrorNotice error={error} />}
        <div class="actions">
          <ConfirmButton
            label="Delete template"
            confirm="Delete for good"
            onConfirm={async () => {
              const answer = await api.delete(`/templates/${segment(id)}`);
              if (answer.ok) go('/templates');
              else setError(answer.error);
            }}
          />
        </div>
      </section>
      <Preview template={template} />
    </>
  );
};
