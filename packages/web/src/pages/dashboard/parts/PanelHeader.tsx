/** A panel's title (the level-2 heading under the shell's page title) and its lead text. */
export function PanelHeader({ title, description }: { title: string; description?: string }) {
  return (
    <header className="panel-header">
      <h2 id="panel-title">{title}</h2>
      {description ? <p>{description}</p> : null}
    </header>
  );
}
