import {
  addressParams,
  addressResponse,
  messageErrorBody,
  SESSION_COOKIE,
  updateAddressBody,
  validationErrorBody,
} from '@sprout/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { AppError } from '../../errors/app-error';
import { readCookie } from '../auth/cookies';
import { sessionUser } from '../auth/service';
import * as accounts from './service';

const errors = { 401: messageErrorBody, 404: messageErrorBody, 422: validationErrorBody };

export default async function accountRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const db = () => app.database.db;
  const signedIn = async (request: FastifyRequest) => {
    const session = await sessionUser(db(), readCookie(request, SESSION_COOKIE));
    if (!session) throw new AppError('unauthenticated', 'Please sign in.');
    return session.user;
  };

  app.get(
    '/api/me/addresses/:addressId',
    {
      schema: {
        tags: ['accounts'],
        summary: 'One of my addresses',
        params: addressParams,
        response: { 200: addressResponse, ...errors },
      },
    },
    async (request) => {
      const user = await signedIn(request);
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
    },
    async (request) => {
      const user = await signedIn(request);
      return {
        data: await accounts.updateAddress(db(), user.id, request.params.addressId, request.body),
        meta: {},
      };
    },
  );
}
