// HTTP for delivery addresses and the region picker (reference 2.3).
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AddressIdParamSchema,
  AddressInputSchema,
  AddressSchema,
  AddressUpdateSchema,
  AreaQuerySchema,
  AreaSchema,
} from '@bazaar/shared/schemas/address';
import { shopperId } from '../plugins/auth.ts';
import { createAddressService } from '../modules/address/service.ts';

const tags = ['address'];
const security = [{ token: [] }];

export async function addressRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const addresses = createAddressService(app.ctx);

  api.get('/p/area/listByPid', { schema: { summary: 'Regions under a parent (province, city, district)', tags, security, querystring: AreaQuerySchema, response: { 200: z.array(AreaSchema) } } }, (request) =>
    addresses.listAreas(request.query.pid, request.lang),
  );

  api.get('/p/address/list', { schema: { summary: 'The shopper\'s addresses', tags, security, response: { 200: z.array(AddressSchema) } } }, (request) =>
    addresses.list(shopperId(request), request.lang),
  );
  api.get('/p/address/addrInfo/:addrId', { schema: { summary: 'One address', tags, security, params: AddressIdParamSchema, response: { 200: AddressSchema } } }, (request) =>
    addresses.get(shopperId(request), request.params.addrId, request.lang),
  );
  api.post('/p/address/addAddr', { schema: { summary: 'Add an address', tags, security, body: AddressInputSchema, response: { 200: AddressSchema } } }, (request) =>
    addresses.add(shopperId(request), request.body, request.lang),
  );
  api.put('/p/address/updateAddr', { schema: { summary: 'Change an address', tags, security, body: AddressUpdateSchema, response: { 200: AddressSchema } } }, (request) =>
    addresses.update(shopperId(request), request.body, request.lang),
  );
  api.delete('/p/address/deleteAddr/:addrId', { schema: { summary: 'Delete an address', tags, security, params: AddressIdParamSchema } }, async (request, reply) => {
    await addresses.remove(shopperId(request), request.params.addrId);
    return reply.code(200).send();
  });
  api.put('/p/address/defaultAddr/:addrId', { schema: { summary: 'Make an address the default', tags, security, params: AddressIdParamSchema } }, async (request, reply) => {
    await addresses.setDefault(shopperId(request), request.params.addrId);
    return reply.code(200).send();
  });
}
