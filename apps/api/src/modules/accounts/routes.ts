import {
  addressParams,
  addressResponse,
  messageErrorBody,
  updateAddressBody,
  validationErrorBody,
} from '@sprout/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requireUser, signedIn } from '../auth/guards';
import * as accounts from './service';

const errors = { 401: messageErrorBody, 404: messageErrorBody, 422: validationErrorBody };

export default async function accountRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const db = () => app.database.db;
  app.get(
    '/api/me/addresses/:addressId',
    {
      schema: {
        tags: ['accounts'],
        summary: 'One of my addresses',
        params: addressParams,
        response: { 200: addressResponse, ...errors },
      },
      preHandler: requireUser,
    },
    async (request) => {
      const { user } = signedIn(request);
      return { data: await accounts.getAddress(db(), user.id, request.params.addressId), meta: {} };
    },
  );

  app.put(
    '/api/me/addresses/:addressId',
    {
      schema: {
        tags: ['accounts'],
        summary: 'Change one of my addresses',
        params: addressParams,
        body: updateAddressBody,
        response: { 200: addressResponse, ...errors },
      },
      preHandler: requireUser,
    },
    async (request) => {
      const { user } = signedIn(request);
      return {
        data: await accounts.updateAddress(db(), user.id, request.params.addressId, request.body),
        meta: {},
      };
    },
  );
}
