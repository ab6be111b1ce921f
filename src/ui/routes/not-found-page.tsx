import { useEffect } from 'react';

export const NOT_FOUND_TITLE = 'Page not found';

/** Any address the route table does not know. */
export function NotFoundPage() {
  useEffect(() => {
    document.title = NOT_FOUND_TITLE;
  }, []);
  return (
    <main className="bp-error-screen" role="alert">
      <h1>{NOT_FOUND_TITLE}</h1>
      <p>There is nothing at this address.</p>
      <a className="bp-button bp-button-primary" href="/">
        Open the default sandbox
      </a>
    </main>
  );
}
