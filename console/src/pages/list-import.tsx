import { Fragment } from 'preact';
import { useEffect, useState } from 'preact/hooks';
import { api, refuse, segment, type DataOf } from '../api';
import { Field, FormError, useForm } from '../ui/form';
import { count } from '../ui/format';
import { useLoad } from '../ui/load';
import { ErrorNotice, Loading } from '../ui/notice';

type Import = DataOf<'imports-get'>;
const running = (report: Import) => report.status === 'queued' || report.status === 'running';

/** An import's report, asked for every second while it runs: its counts, the rejected rows with their reasons. */
const ImportReport = ({ id, onFinished }: { id: string; onFinished: () => void }) => {
  const { loaded } = useLoad(() => api.get<Import>(`/imports/${segment(id)}`), [id], {
    everyMs: 1000,
    keepPolling: running,
  });
  const status = loaded.state === 'ok' ? loaded.data.status : undefined;
  useEffect(() => {
    if (status === 'done' || status === 'failed') onFinished();
  }, [status]);
  if (loaded.state === 'loading') return <Loading />;
  if (loaded.state === 'error') return <ErrorNotice error={loaded.error} />;
  const report = loaded.data;
  const counts: [string, number][] = [
    ['Rows', report.total],
    ['Imported', report.imported],
    ['Duplicates', report.duplicates],
    ['Suppressed', report.suppressed],
    ['Rejected', report.rejected],
  ];
  return (
    <div class="import-report" data-import={report.status}>
      <p role="status">
        Import <span class={`badge status-${report.status}`}>{report.status}</span>
        {running(report) && ` (${count(report.processed)} of ${count(report.total)} rows so far)`}
      </p>
      {report.failure_reason && <p class="field-error">{report.failure_reason}</p>}
      <dl class="facts">
        {counts.map(([name, value]) => (
          <Fragment key={name}>
            <dt>{name}</dt>
            <dd data-count={name.toLowerCase()}>{count(value)}</dd>
          </Fragment>
        ))}
      </dl>
      {report.rejected_rows.length > 0 && (
        <div class="table-wrap">
          <table class="rejected-rows">
            <caption>
              Rejected rows
              {report.rejected > report.rejected_rows.length ? ` (the first ${report.rejected_rows.length})` : ''}
            </caption>
            <thead>
              <tr>
                <th scope="col">Row</th>
                <th scope="col">Email</th>
                <th scope="col">Reason</th>
              </tr>
            </thead>
            <tbody>
              {report.rejected_rows.map((row) => (
                <tr key={row.row}>
                  <th scope="row">{row.row}</th>
                  <td>{row.email ?? '—'}</td>
                  <td>{row.reason}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
};

/**
 * Fills the list from a CSV file with the server's import (POST /lists/{id}/import): the file is read here and
 * sent as it is; the import runs in the background, and its report follows it.
 */
export const ImportCsv = ({ listId, onImported }: { listId: string; onImported: () => void }) => {
  const [importId, setImportId] = useState<string>();
  const form = useForm(
    async (values) => {
      const file = values.get('body');
      if (!(file instanceof File) || file.size === 0) return refuse('body', 'Choose a CSV file', 'Choose a CSV file');
      return api.postText<Import>(`/lists/${segment(listId)}/import`, await file.text(), 'text/csv');
    },
    (started, element) => {
      element.reset();
      setImportId(started.id);
    },
  );
  return (
    <section class="card" aria-labelledby="import-csv">
      <h2 id="import-csv">Import from a CSV file</h2>
      <form onSubmit={form.submit} noValidate>
        <Field
          form={form}
          name="body"
          label="CSV file"
          type="file"
          accept=".csv,text/csv"
          hint={
            'A header row naming email, then optionally name and further columns (kept as metadata). ' +
            'Up to 100,000 rows and 5 MiB.'
          }
        />
        <FormError form={form} />
        <button type="submit" disabled={form.busy}>
          Import
        </button>
      </form>
      {importId && <ImportReport key={importId} id={importId} onFinished={onImported} />}
    </section>
  );
};
