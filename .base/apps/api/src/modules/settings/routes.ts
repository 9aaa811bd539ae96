import {
  publicShopSettingsSchema,
  shippingCodeParamSchema,
  shippingMethodCreateSchema,
  shippingMethodListSchema,
  shippingMethodUpdateSchema,
  shopSettingsSchema,
  shopSettingsUpdateSchema,
  staffShippingMethodSchema,
} from '@bookstore/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorReplies, security } from '../../lib/openapi.js';
import * as settings from './service.js';

const tags = ['settings'];

/** Delivery methods and the shop's settings: read by every shopper, changed by staff. */
export async function settingsRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/shipping-methods/',
    {
      schema: {
        tags,
        summary: "The delivery methods a shopper can choose, in the shop's order, with their prices",
        response: { 200: shippingMethodListSchema },
      },
    },
    async () => settings.offeredMethods(app.db),
  );

  app.get(
    '/shop-settings/',
    {
      schema: {
        tags,
        summary: 'What every shopper sees of the shop settings: the "free Standard Delivery from" amount',
        response: { 200: publicShopSettingsSchema },
      },
    },
    async () => {
      const { free_standard_from } = settings.toShopSettings(await settings.readSettings(app.db));
      return { free_standard_from };
    },
  );

  app.get(
    '/admin/shipping-methods/',
    {
      preHandler: app.requireStaff,
      schema: {
        tags: [...tags, 'admin'],
        summary: 'Every delivery method, also inactive ones (staff)',
        security,
        response: { 200: z.array(staffShippingMethodSchema), ...errorReplies(401, 403) },
      },
    },
    async () => (await settings.listMethods(app.db, { activeOnly: false })).map(settings.toStaffShippingMethod),
  );

  app.post(
    '/admin/shipping-methods/',
    {
      preHandler: app.requireStaff,
      config: { invalidates: ['catalogue'] },
      schema: {
        tags: [...tags, 'admin'],
        summary: 'Add a delivery method (staff); 409 when the code is taken',
        security,
        body: shippingMethodCreateSchema,
        response: {
          201: staffShippingMethodSchema,
          ...errorReplies(400, 401, 403, 409),
        },
      },
    },
    async (request, reply) => reply.code(201).send(await settings.createMethod(app.db, request.body)),
  );

  app.put(
    '/admin/shipping-methods/:code/',
    {
      preHandler: app.requireStaff,
      config: { invalidates: ['catalogue'] },
      schema: {
        tags: [...tags, 'admin'],
        summary: "Change a delivery method's name, days, price, whether it is offered, or its place (staff)",
        security,
        params: shippingCodeParamSchema,
        body: shippingMethodUpdateSchema,
        response: {
          200: staffShippingMethodSchema,
          ...errorReplies(400, 401, 403, 404),
        },
      },
    },
    async (request) => settings.updateMethod(app.db, request.params.code, request.body),
  );

  app.get(
    '/admin/settings/',
    {
      preHandler: app.requireStaff,
      schema: {
        tags: [...tags, 'admin'],
        summary: 'The shop settings (staff)',
        security,
        response: { 200: shopSettingsSchema, ...errorReplies(401, 403) },
      },
    },
    async () => settings.toShopSettings(await settings.readSettings(app.db)),
  );

  app.put(
    '/admin/settings/',
    {
      preHandler: app.requireStaff,
      config: { invalidates: ['catalogue'] },
      schema: {
        tags: [...tags, 'admin'],
        summary: 'Change the shop settings (staff): fields left out keep their value',
        security,
        body: shopSettingsUpdateSchema,
        response: { 200: shopSettingsSchema, ...errorReplies(400, 401, 403) },
      },
    },
    async (request) => settings.toShopSettings(await settings.updateSettings(app.db, request.body)),
  );
}
