/** Every JSON answer of the platform API (spec 000 §8): `{ data }` on success, `{ errors: [message] }` on failure. */
export interface DataEnvelope<T> {
  data: T;
}

export interface ErrorEnvelope {
  errors: string[];
}
