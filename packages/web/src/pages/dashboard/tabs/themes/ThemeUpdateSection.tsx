import { useEffect, useId, useRef } from 'react';
import { messages, type DiffLine } from '@portal/core';
import { Banner } from '../../../../ui/Banner.tsx';
import { Button } from '../../../../ui/Button.tsx';
import { Card } from '../../../../ui/Card.tsx';
import { ThemeUpdateProvider, useThemeUpdateView } from './themeUpdateFlow.ts';

const text = messages.themeTab.update;
const report = messages.themeReleases.update;

/**
 * The update that keeps the merchant's work (docs/product.md#themes-tab): the shop's export
 * uploaded, then the merged theme, what needs the merchant's eye, and how to install it.
 */
export function ThemeUpdateSection() {
  return (
    <ThemeUpdateProvider>
      <ThemeUpdateView />
    </ThemeUpdateProvider>
  );
}

function ThemeUpdateView() {
  const view = useThemeUpdateView();
  const inputId = useId();
  const outcome = useRef<HTMLDivElement>(null);
  // The answer (the report or the refusal) takes the focus: it replaces what was pressed.
  useEffect(() => {
    if (view.status === 'merged' || view.status === 'refused') outcome.current?.focus();
  }, [view.status]);
  const uploading = view.status === 'uploading';
  return (
    <Card className="theme-update">
      <section aria-labelledby="theme-update-title">
        <h3 id="theme-update-title">{text.title}</h3>
        <p>{text.intro}</p>
        {view.report === null ? (
          <div className="theme-update__choose">
            <label htmlFor={inputId} className="theme-update__label">
              {text.chooseFile}
            </label>
            <input
              id={inputId}
              type="file"
              accept=".zip,application/zip"
              disabled={uploading}
              onChange={(event) => {
                const file = event.currentTarget.files?.[0];
                // Emptied, so that choosing the same file again is a new choice.
                event.currentTarget.value = '';
                if (file !== undefined) view.choose({ blob: file, name: file.name });
              }}
            />
          </div>
        ) : null}
        {view.chosen !== null && view.report === null ? (
          <p className="theme-update__chosen">{view.chosen}</p>
        ) : null}
        {view.progress !== null ? (
          <div className="theme-update__progress">
            {/* No byte count: the merge on the server is most of the wait. */}
            <progress aria-label={view.progress} />
            <p>{view.progress}</p>
            <Button variant="secondary" onPress={view.cancel}>
              {text.cancel}
            </Button>
          </div>
        ) : null}
        <div ref={outcome} tabIndex={-1} className="theme-update__outcome">
          {view.status === 'refused' && view.error !== null ? (
            <Banner tone="error">{view.error}</Banner>
          ) : null}
          {view.canRetry ? (
            <Button variant="secondary" onPress={view.retry}>
              {text.retry}
            </Button>
          ) : null}
          {view.report !== null ? <Report view={view} /> : null}
        </div>
      </section>
    </Card>
  );
}

type UpdateView = ReturnType<typeof useThemeUpdateView>;

function Report({ view }: { view: UpdateView }) {
  const merged = view.report!;
  return (
    <div className="theme-update__report">
      <Banner tone="success">{merged.summary}</Banner>
      <Button isPending={merged.download.pending} onPress={view.downloadMerged}>
        {merged.download.label}
      </Button>
      {merged.started !== null ? <Banner tone="info">{merged.started}</Banner> : null}
      {view.error !== null ? <Banner tone="error">{view.error}</Banner> : null}
      {merged.nothingToReview ? <p>{report.nothingToReview}</p> : null}
      {merged.removedSettings.length > 0 ? (
        <section aria-labelledby="removed-settings-title">
          <h4 id="removed-settings-title">{report.removedSettings}</h4>
          <p className="theme-update__hint">{report.removedSettingsHint}</p>
          <ul className="theme-update__removed">
            {merged.removedSettings.map((setting) => (
              <li key={setting.key}>
                <code>{setting.place}</code> : <code>{setting.value}</code>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      {merged.conflicts.length > 0 ? (
        <section aria-labelledby="conflicts-title">
          <h4 id="conflicts-title">{report.conflicts}</h4>
          <p className="theme-update__hint">{report.conflictsHint}</p>
          {merged.conflicts.map((conflict) => (
            <details key={conflict.file} className="theme-update__conflict">
              <summary>
                <code>{conflict.file}</code>
              </summary>
              <Diff label={conflict.label} lines={conflict.lines} />
            </details>
          ))}
        </section>
      ) : null}
      {merged.keptFiles.length > 0 ? (
        <section aria-labelledby="kept-files-title">
          <h4 id="kept-files-title">{report.keptFiles}</h4>
          <p className="theme-update__hint">{report.keptFilesHint}</p>
          <ul>
            {merged.keptFiles.map((file) => (
              <li key={file}>
                <code>{file}</code>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      <section aria-labelledby="merged-steps-title">
        <h4 id="merged-steps-title">{text.installTitle}</h4>
        <ol>
          {report.steps.map((step) => (
            <li key={step}>{step}</li>
          ))}
        </ol>
      </section>
      <Button variant="secondary" onPress={view.startOver}>
        {text.another}
      </Button>
    </div>
  );
}

const signs: Record<DiffLine['kind'], string> = {
  file: '',
  hunk: '',
  added: '+ ',
  removed: '- ',
  context: '  ',
  note: '',
};

/** A unified diff, one line each, its sign kept so it reads without the colours. */
function Diff({ label, lines }: { label: string; lines: DiffLine[] }) {
  return (
    <pre className="theme-diff" aria-label={label}>
      {lines.map((line, index) => (
        <span key={index} className="theme-diff__line" data-kind={line.kind}>
          {signs[line.kind]}
          {line.text}
          {'\n'}
        </span>
      ))}
    </pre>
  );
}
