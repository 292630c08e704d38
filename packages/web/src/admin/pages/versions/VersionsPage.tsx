import { messages } from '@portal/core';
import { useEffect, useId, useRef } from 'react';
import { FieldError, Label, TextArea, TextField as AriaTextField } from 'react-aria-components';
import { AdminPage } from '../../AdminPage.tsx';
import { Banner } from '../../../ui/Banner.tsx';
import { Button } from '../../../ui/Button.tsx';
import { Form } from '../../../ui/Form.tsx';
import { Spinner } from '../../../ui/Spinner.tsx';
import { TextField } from '../../../ui/TextField.tsx';
import { AdminReleasesProvider, useAdminReleasesView } from './adminReleasesFlow.ts';
import '../adminPage.css';

type View = ReturnType<typeof useAdminReleasesView>;

/** The back office's 'Versions' (docs/product.md#back-office-screens). */
export default function VersionsPage() {
  return (
    <AdminReleasesProvider>
      <Versions />
    </AdminReleasesProvider>
  );
}

function Versions() {
  const view = useAdminReleasesView();
  return (
    <AdminPage title="Versions">
      <PublishForm view={view} />
      <section className="admin-section" aria-labelledby="admin-releases-list">
        <h2 id="admin-releases-list">Versions publiées</h2>
        <ReleaseList view={view} />
      </section>
    </AdminPage>
  );
}

function PublishForm({ view }: { view: View }) {
  const { form } = view;
  const archiveId = useId();
  const archiveInput = useRef<HTMLInputElement>(null);
  // Published, the form starts again: the browser's file field too.
  useEffect(() => {
    if (form.archiveName === null && archiveInput.current !== null) archiveInput.current.value = '';
  }, [form.archiveName]);
  const archiveError = `${archiveId}-error`;
  return (
    <section className="admin-section" aria-labelledby="admin-publish">
      <h2 id="admin-publish">Publier une version</h2>
      <p>
        Le portail vérifie l’archive avec Theme Check, y ajoute sa configuration de licence puis
        prévient par e-mail les clients abonnés.
      </p>
      <Form
        onSubmit={(event) => {
          event.preventDefault();
          view.publish();
        }}
      >
        {form.error !== null ? <Banner tone="error">{form.error}</Banner> : null}
        {form.published !== null ? <Banner tone="success">{form.published}</Banner> : null}
        <div className="ui-field">
          <label className="ui-field__label" htmlFor={archiveId}>
            Archive du thème (.zip)
          </label>
          {/* A native file input: the browser's own picker, reachable and named like any field. */}
          <input
            id={archiveId}
            ref={archiveInput}
            className="ui-field__input"
            type="file"
            name="archive"
            accept=".zip,application/zip"
            disabled={form.readOnly}
            aria-invalid={form.errors.archive !== undefined || undefined}
            aria-describedby={form.errors.archive !== undefined ? archiveError : undefined}
            onChange={(event) => view.chooseArchive(event.currentTarget.files?.[0] ?? null)}
          />
          {form.archiveName !== null ? (
            <span className="ui-field__description">Archive choisie : {form.archiveName}</span>
          ) : null}
          {form.errors.archive !== undefined ? (
            <span id={archiveError} className="ui-field__error">
              {form.errors.archive}
            </span>
          ) : null}
        </div>
        <TextField
          label="Version"
          name="version"
          placeholder="1.4.0"
          description="Celle de theme_info.theme_version dans l’archive."
          isReadOnly={form.readOnly}
          value={form.values.version}
          onChange={(value) => view.change('version', value)}
          errorMessage={form.errors.version}
        />
        <AriaTextField
          className="ui-field"
          name="notes"
          value={form.values.notes}
          onChange={(value) => view.change('notes', value)}
          isReadOnly={form.readOnly}
          isInvalid={form.errors.notes !== undefined}
        >
          <Label className="ui-field__label">Notes de version (une modification par ligne)</Label>
          <TextArea className="ui-field__input" rows={5} />
          <FieldError className="ui-field__error">{form.errors.notes}</FieldError>
        </AriaTextField>
        <Button type="submit" isPending={form.submit.pending}>
          {form.submit.label}
        </Button>
      </Form>
    </section>
  );
}

function ReleaseList({ view }: { view: View }) {
  const { list } = view;
  if (list.error !== null)
    return (
      <div className="admin-section">
        <Banner tone="error">{list.error}</Banner>
        <Button variant="secondary" onPress={view.reload}>
          {messages.admin.retry}
        </Button>
      </div>
    );
  if (list.loading && list.rows.length === 0) return <Spinner label="Chargement des versions…" />;
  if (list.empty !== null) return <p>{list.empty}</p>;
  return (
    <div className="admin-table-wrap" aria-busy={list.loading || undefined}>
      <table className="admin-table">
        <caption>Les versions du thème, la plus récente en premier</caption>
        <thead>
          <tr>
            <th scope="col">Version</th>
            <th scope="col">Publiée le</th>
            <th scope="col" className="admin-number">
              Téléchargements
            </th>
            <th scope="col" className="admin-number">
              Boutiques sous licence
            </th>
            <th scope="col">Publiée par</th>
            <th scope="col">Notes</th>
          </tr>
        </thead>
        <tbody>
          {list.rows.map((row) => (
            <tr key={row.release.version}>
              <th scope="row">{row.release.version}</th>
              <td>{row.releasedAt}</td>
              <td className="admin-number">{row.downloads}</td>
              <td className="admin-number">{row.activeShops}</td>
              <td>{row.publishedBy}</td>
              <td>
                <ul>
                  {row.notes.map((line, index) => (
                    <li key={index}>{line}</li>
                  ))}
                </ul>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
