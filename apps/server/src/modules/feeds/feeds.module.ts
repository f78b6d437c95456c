/** Organisations' public feeds for navigation apps: their secrets and the calls that manage them. */
import fp from 'fastify-plugin';
import { apiRoutes } from '../../platform/platform.plugin';
import { FeedTokensRepository } from './feed-tokens.repository';
import { registerFeedsRoutes } from './feeds.routes';

declare module 'fastify' {
  interface FastifyInstance {
    /** The secrets of organisations' public feeds (incidents served by incidents, work zones by closures). */
    feedTokens: FeedTokensRepository;
  }
}

export const feedsModule = fp(
  async (app) => {
    const feedTokens = new FeedTokensRepository(app.db);
    app.decorate('feedTokens', feedTokens);
    await apiRoutes(app, (api) => registerFeedsRoutes(api, feedTokens, () => app.publicUrl()));
  },
  { name: 'feeds', dependencies: ['platform', 'auth'] },
);
