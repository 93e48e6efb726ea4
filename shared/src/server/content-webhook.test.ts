import Fastify from 'fastify';
import { CONTENT_WEBHOOK_HEADER, contentWebhookEnvSchema, registerContentWebhook, secretMatches } from './content-webhook';

const SECRET = 'a-webhook-secret-of-at-least-32-chars';
/** What Contentful sends on a publish: the entry, in its own content type. */
const published = { headers: { 'content-type': 'application/vnd.contentful.management.v1+json', 'x-contentful-topic': 'ContentManagement.Entry.publish' }, payload: JSON.stringify({ sys: { id: 'story-1', type: 'Entry' } }) };

async function server(secret: string | undefined, refresh = jest.fn(async () => ({ looked: true }))) {
  const app = Fastify();
  await registerContentWebhook(app, { path: '/hooks/content', secret, refresh });
  await app.ready();
  return { app, refresh };
}

describe('the content webhook', () => {
  it('looks at the content with the right secret, whatever body Contentful sends', async () => {
    const { app, refresh } = await server(SECRET);
    const res = await app.inject({ method: 'POST', url: '/hooks/content', ...published, headers: { ...published.headers, [CONTENT_WEBHOOK_HEADER]: SECRET } });
    expect([res.statusCode, res.json(), res.headers['cache-control']]).toEqual([200, { looked: true }, 'no-store']);
    expect(refresh).toHaveBeenCalledTimes(1);
    await app.close();
  });

  it('refuses a missing or wrong secret with 401 and looks at nothing', async () => {
    const { app, refresh } = await server(SECRET);
    for (const headers of [published.headers, { ...published.headers, [CONTENT_WEBHOOK_HEADER]: `${SECRET}x` }, { ...published.headers, [CONTENT_WEBHOOK_HEADER]: '' }]) {
      const res = await app.inject({ method: 'POST', url: '/hooks/content', payload: published.payload, headers });
      expect([res.statusCode, res.json()]).toEqual([401, { error: 'unauthorized', message: 'The x-qf-webhook-secret header is missing or wrong.' }]);
    }
    expect(refresh).not.toHaveBeenCalled();
    await app.close();
  });

  it('does not exist without a secret configured', async () => {
    const { app, refresh } = await server(undefined);
    const res = await app.inject({ method: 'POST', url: '/hooks/content', ...published, headers: { ...published.headers, [CONTENT_WEBHOOK_HEADER]: 'anything' } });
    expect(res.statusCode).toBe(404);
    expect(refresh).not.toHaveBeenCalled();
    await app.close();
  });

  it('takes a secret of 32 characters or more, none when empty, and compares in constant time whatever the length sent', () => {
    expect(contentWebhookEnvSchema.parse({ CONTENT_WEBHOOK_SECRET: '' }).CONTENT_WEBHOOK_SECRET).toBeUndefined();
    expect(contentWebhookEnvSchema.safeParse({ CONTENT_WEBHOOK_SECRET: 'short' }).error?.issues[0]?.message).toBe('CONTENT_WEBHOOK_SECRET must have at least 32 characters');
    expect([secretMatches(SECRET, SECRET), secretMatches(SECRET, 'x'), secretMatches(SECRET, undefined), secretMatches(SECRET, [SECRET])]).toEqual([true, false, false, false]);
  });
});
