import { useEffect } from 'react';

/** The full-screen error page (spec 001 §2): title, description, a recovery button. */
export function ErrorScreen({ title, description }: { title: string; description: string }) {
  useEffect(() => {
    document.title = title;
  }, [title]);
  return (
    <main className="bp-error-screen" role="alert">
      <h1>{title}</h1>
      <p>{description}</p>
      <button className="bp-button bp-button-primary" onClick={() => window.location.reload()}>
        Reload page
      </button>
    </main>
  );
}
