import { api, type DataOf } from '../api';
import { go, href } from '../route';
import { Field, FormError, text, useForm, type FormState } from '../ui/form';
import { dateTime } from '../ui/format';
import { useLoad } from '../ui/load';
import { ErrorNotice, Loading } from '../ui/notice';
import { CursorPager, useCursorPages } from '../ui/pager';

type Page = DataOf<'templates-list'>;
export type Template = DataOf<'templates-get'>;

const PAGE = 20;

/** The names a template reads, as the API found them when it was stored. */
export const Variables = ({ names }: { names: readonly string[] }) =>
  names.length === 0 ? (
    <span class="muted">none</span>
  ) : (
    <span>
      {names.map((name, i) => (
        <span key={name}>
          {i > 0 && ', '}
          <code>{name}</code>
        </span>
      ))}
    </span>
  );

/** A new template; once stored, its own view edits it and previews it with variables. */
const CreateTemplate = () => {
  const form = useForm(
    (values) =>
      api.post<Template>('/templates', {
        name: text(values, 'name') ?? '',
        subject: text(values, 'subject') ?? '',
        html: text(values, 'html'),
        text: text(values, 'text'),
      }),
    (template) => go(`/templates/${template.id}`),
  );
  return (
    <section class="card" aria-labelledby="new-template">
      <h2 id="new-template">New template</h2>
      <form onSubmit={form.submit} noValidate>
        <TemplateFields form={form} />
        <FormError form={form} />
        <button type="submit" disabled={form.busy}>
          Create template
        </button>
      </form>
    </section>
  );
};

/** The parts of a template, as creating and editing share them. */
export const TemplateFields = ({ form, template }: { form: FormState; template?: Template }) => (
  <>
    <Field form={form} name="name" label="Name" defaultValue={template?.name} autoComplete="off" />
    <Field
      form={form}
      name="subject"
      label="Subject"
      defaultValue={template?.subject}
      hint="Mustache: {{name}} is filled from the variables."
      autoComplete="off"
    />
    <Field
      form={form}
      name="html"
      label="HTML"
      as="textarea"
      rows={8}
      defaultValue={template?.html ?? ''}
      hint="{{v}} is HTML-escaped, {{{v}}} is not; {{#items}}…{{/items}} repeats."
    />
    <Field
      form={form}
      name="text"
      label="Plain text (optional)"
      as="textarea"
      rows={4}
      defaultValue={template?.text ?? ''}
    />
  </>
);

/** The account's templates, newest first, a page at a time (cursor paging: the way back is remembered). */
export const Templates = () => {
  const pages = useCursorPages();
  const { cursor } = pages;
  const { loaded } = useLoad(
    () => api.get<Page>(`/templates?limit=${PAGE}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`),
    [cursor],
  );
  return (
    <>
      <section class="card" aria-labelledby="template-list">
        <h2 id="template-list">All templates</h2>
        {loaded.state === 'loading' && <Loading />}
        {loaded.state === 'error' && <ErrorNotice error={loaded.error} />}
        {loaded.state === 'ok' &&
          (loaded.data.templates.length === 0 ? (
            <p class="muted">No templates yet.</p>
          ) : (
            <div class="table-wrap">
              <table>
                <thead>
                  <tr>
                    {['Name', 'Subject', 'Variables', 'Updated'].map((h) => (
                      <th key={h} scope="col">
                        {h}
                      </th>
                    ))}
                  </tr>
                </thead>
                <tbody>
                  {loaded.data.templates.map((template) => (
                    <tr key={template.id}>
                      <th scope="row">
                        <a href={href(`/templates/${template.id}`)}>{template.name}</a>
                      </th>
                      <td>{template.subject}</td>
                      <td>
                        <Variables names={template.variables} />
                      </td>
                      <td>{dateTime(template.updated_at)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          ))}
        {loaded.state === 'ok' && <CursorPager label="Template" pages={pages} next={loaded.data.next_cursor} />}
      </section>
      <CreateTemplate />
    </>
  );
};
