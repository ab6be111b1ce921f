/** Nothing global to tear down: every test file stops its own servers and browsers in afterAll. */
export default async function globalTeardown(): Promise<void> {}
