import { api, type DataOf } from '../api';
import { go, href } from '../route';
import { Field, text, useForm, type FormState } from '../ui/form';
import { dateTime } from '../ui/format';
import { useLoad } from '../ui/load';
import { Card, CreateForm, ListOf } from '../ui/list';
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
    <Card id="new-template" title="New template">
      <CreateForm form={form} submit="Create template">
        <TemplateFields form={form} />
      </CreateForm>
    </Card>
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
      <Card id="template-list" title="All templates">
        <ListOf
          loaded={loaded}
          items={(data) => data.templates}
          empty="No templates yet."
          headings={['Name', 'Subject', 'Variables', 'Updated']}
          row={(template) => (
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
          )}
          footer={(data) => <CursorPager label="Template" pages={pages} next={data.next_cursor} />}
        />
      </Card>
      <CreateTemplate />
    </>
  );
};
