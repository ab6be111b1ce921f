/** Something the account page loads from the server: loading, there, or why not. */
export type Loadable<T> = { readonly kind: 'loading' } | { readonly kind: 'loaded'; readonly value: T } | { readonly kind: 'failed'; readonly message: string };

/** An action under way or done: idle, busy, or its failure's message. */
export type Submission =
  { readonly kind: 'idle' } | { readonly kind: 'busy' } | { readonly kind: 'failed'; readonly message: string } | { readonly kind: 'done' };
