import Fastify, { type FastifyRequest, type RouteOptions } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { routeDeclarer, routesOf } from './route';

const guard = async (_request: FastifyRequest) => {};
const body = z.object({ name: z.string().min(1) });
const answer = z.object({ greeting: z.string() });
const params = z.object({ id: z.string() });

describe('route', () => {
  const route = routeDeclarer(['things']);

  it('builds the options a route would spell out by hand', () => {
    expect(route('Make a thing', { who: guard, idempotent: true, params, body, created: answer })).toEqual({
      preHandler: guard,
      config: { idempotent: true },
      schema: { tags: ['things'], summary: 'Make a thing', params, body, response: { 201: answer } },
    });
  });

  it('leaves out what a route does not say: no guard, no config, no schemas', () => {
    const options = route('Public', { ok: answer });
    expect(options).toEqual({ schema: { tags: ['things'], summary: 'Public', response: { 200: answer } } });
    expect(Object.keys(options)).toEqual(['schema']);
    expect(route('No answer schema')).toEqual({ schema: { tags: ['things'], summary: 'No answer schema' } });
  });

  it('names the query `querystring`, keeps onRequest hooks, and puts more config next to idempotent', () => {
    const rateLimit = { rateLimit: { max: 5, timeWindow: '1 minute' } };
    const response = { 200: answer, 409: z.object({ message: z.string() }) };
    expect(
      route('Look one up', { onRequest: [guard], idempotent: true, config: rateLimit, query: params, response }),
    ).toEqual({
      onRequest: [guard],
      config: { idempotent: true, rateLimit: rateLimit.rateLimit },
      schema: { tags: ['things'], summary: 'Look one up', querystring: params, response },
    });
    expect(route('Limited', { config: rateLimit })).toEqual({
      config: rateLimit,
      schema: { tags: ['things'], summary: 'Limited' },
    });
  });
});

describe('routesOf', () => {
  it('registers routes whose guard, config and schemas Fastify sees as written, and validates and types the body', async () => {
    const seen: RouteOptions[] = [];
    const app = Fastify().withTypeProvider<ZodTypeProvider>();
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(serializerCompiler);
    app.addHook('onRoute', (options) => {
      seen.push(options);
    });
    await app.register(
      routesOf(['things', 'more'], async (scoped, route) => {
        scoped.post(
          '/things',
          route('Make a thing', { who: guard, idempotent: true, body, ok: answer }),
          async (request) => ({
            // Typed from the schema: a string.
            greeting: `hello ${request.body.name.toUpperCase()}`,
          }),
        );
      }),
      { prefix: '/api' },
    );
    await app.ready();

    const [options] = seen;
    // The session plugin finds a guard by the function itself.
    expect(options?.preHandler).toBe(guard);
    expect(options?.config).toEqual({ idempotent: true });
    expect(options?.schema).toMatchObject({ tags: ['things', 'more'], summary: 'Make a thing', body });

    const made = await app.inject({ method: 'POST', url: '/api/things', payload: { name: 'ada' } });
    expect(made.statusCode).toBe(200);
    expect(made.json()).toEqual({ greeting: 'hello ADA' });
    const refused = await app.inject({ method: 'POST', url: '/api/things', payload: { name: '' } });
    expect(refused.statusCode).toBe(400);
    await app.close();
  });
});
