import type { FastifyInstance } from 'fastify';
import type { MetaFeatures } from '../../../../protocol/api/meta';

/** `GET /api/meta/features` (spec 000 §7): which sign-in methods this install offers; the sign-in modal follows it. */
export function registerMetaRoutes(app: FastifyInstance, features: () => MetaFeatures): void {
  app.get('/api/meta/features', { config: { access: { kind: 'public' } } }, async () => ({ data: features() }));
}
