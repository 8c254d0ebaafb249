// HTTP for the account module (reference 2.1). Handlers only translate between HTTP and the service.
import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { PASSWORD_CIPHER_DOC } from './docs-helpers.ts';
import { IMAGE_MAX_BYTES } from '@bazaar/shared/constants/limits';
import {
  CenterInfoSchema,
  CheckSmsFlagSchema,
  CheckSmsSchema,
  CheckUpdatePwdSmsSchema,
  LoginSchema,
  RegisterSchema,
  SendSmsSchema,
  SetUserInfoSchema,
  SmsLoginSchema,
  TokenSchema,
  UpdatePasswordSchema,
  UploadResultSchema,
  UserInfoSchema,
} from '@bazaar/shared/schemas/account';
import { invalid } from '../lib/app-error.ts';
import { shopperId } from '../plugins/auth.ts';
import { sandboxSmsRoutes } from './sandbox-sms.ts';
import { registerShopper, resetShopperPassword, signInShopper, signInShopperBySms, type ClientMeta } from '../flows/sign-in.ts';
import { userCenterInfo } from '../flows/user-center.ts';
import { saveUserInfo, userInfoWithLevel } from '../flows/membership.ts';
import * as account from '../modules/account/service.ts';
import { revokeToken } from '../modules/auth/service.ts';
import { saveAvatar } from '../modules/account/upload.ts';

const meta = (request: FastifyRequest): ClientMeta => ({ ip: request.ip, userAgent: request.headers['user-agent'] });
const tags = ['account'];

/** Fastify sends a returned string as it is; the flag goes out as a JSON string like every other answer. */
const sendJsonString = (reply: FastifyReply, value: string) => reply.type('application/json; charset=utf-8').send(JSON.stringify(value));

export async function accountRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { ctx } = app;

  // Command calls (logout, the user center's send-code) are sent with the JSON content type
  // and no body: in this scope an empty JSON body counts as no body instead of an error.
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = body.toString();
    if (text.trim() === '') return done(null, undefined);
    parseJson(request, text, done);
  });
  await app.register(multipart, { limits: { fileSize: IMAGE_MAX_BYTES + 1, files: 1, fields: 10, parts: 20 } });

  // ---- Login and logout ----
  api.post('/login', { config: { limit: 'login' }, schema: { tags, summary: 'Log in with account name or phone and password', description: PASSWORD_CIPHER_DOC, body: LoginSchema, response: { 200: TokenSchema } } }, async (request) =>
    signInShopper(ctx, request.body, meta(request)),
  );
  api.post('/sms/sendLoginCode', { config: { limit: 'sms' }, schema: { summary: 'Send an SMS login code to a phone', tags, body: SendSmsSchema } }, async (request, reply) => {
    await account.sendLoginCode(ctx, request.body.mobile, request.ip);
    return reply.send();
  });
  api.post('/smsLogin', { config: { limit: 'login' }, schema: { summary: 'Log in with phone and SMS code', tags, body: SmsLoginSchema, response: { 200: TokenSchema } } }, async (request) =>
    signInShopperBySms(ctx, request.body, meta(request)),
  );
  api.post('/logOut', { schema: { summary: 'Log out (revoke the token sent)', tags } }, async (request, reply) => {
    await revokeToken(ctx, 'shopper', request.headers.authorization);
    return reply.send();
  });

  // ---- Registration ----
  api.put('/user/sendRegisterSms', { config: { limit: 'sms' }, schema: { summary: 'Send the registration SMS code', tags, body: SendSmsSchema } }, async (request, reply) => {
    await account.sendRegisterCode(ctx, request.body.mobile, request.ip);
    return reply.send();
  });
  api.put('/user/checkRegisterSms', { config: { limit: 'login' }, schema: { summary: 'Check the registration SMS code; answers the flag for the next step', tags, body: CheckSmsSchema, response: { 200: CheckSmsFlagSchema } } }, async (request, reply) =>
    sendJsonString(reply, await account.checkRegisterCode(ctx, request.body)),
  );
  api.put('/user/registerOrBindUser', { schema: { summary: 'Register an account (password encrypted as for /login)', tags, body: RegisterSchema, response: { 200: TokenSchema } } }, async (request) =>
    registerShopper(ctx, request.body, meta(request)),
  );

  // ---- Password reset; the token, when sent, pins the phone to the logged-in user ----
  api.post('/sms/sendUpdatePwdCode', { config: { limit: 'sms' }, schema: { summary: 'Send a password reset SMS code to a registered phone', tags, body: SendSmsSchema } }, async (request, reply) => {
    await account.sendUpdatePwdCode(ctx, request.body.mobile, request.ip);
    return reply.send();
  });
  api.post('/p/user/sendUpdatePwdCode', { config: { limit: 'sms' }, schema: { summary: 'Send a password change SMS code to the shopper\'s phone', tags } }, async (request, reply) => {
    await account.sendOwnUpdatePwdCode(ctx, shopperId(request), request.ip);
    return reply.send();
  });
  api.put(
    '/user/checkUpdatePwdSms',
    { config: { limit: 'login' }, schema: { summary: 'Check the password reset SMS code', tags, body: CheckUpdatePwdSmsSchema, response: { 200: CheckSmsFlagSchema } } },
    async (request, reply) => sendJsonString(reply, await account.checkUpdatePwdCode(ctx, request.body, request.userId)),
  );
  api.put('/user/updatePwd', { schema: { summary: 'Set a new password after the SMS check (encrypted as for /login)', tags, body: UpdatePasswordSchema } }, async (request, reply) => {
    await resetShopperPassword(ctx, request.body, request.userId);
    return reply.send();
  });

  // ---- Profile and user center ----
  api.get('/p/user/userInfo', { schema: { summary: 'The logged-in shopper\'s profile', tags, response: { 200: UserInfoSchema } } }, async (request) =>
    userInfoWithLevel(ctx, shopperId(request), request.lang),
  );
  api.put('/p/user/setUserInfo', { schema: { summary: 'Change the shopper\'s nickname, avatar and profile', tags, body: SetUserInfoSchema, response: { 200: UserInfoSchema } } }, async (request) =>
    saveUserInfo(ctx, shopperId(request), request.body, request.lang),
  );
  api.get('/p/user/centerInfo', { schema: { summary: 'The user center\'s counts and the shopper\'s shop status', tags, response: { 200: CenterInfoSchema } } }, async (request) =>
    userCenterInfo(ctx, shopperId(request)),
  );

  api.post(
    '/p/file/upload/img',
    { config: { limit: 'upload' }, schema: { summary: 'Upload an avatar or review picture', tags, consumes: ['multipart/form-data'], response: { 200: UploadResultSchema } } },
    async (request) => {
      const userId = shopperId(request);
      if (!request.isMultipart()) throw invalid('errors.upload.missing');
      const file = await request.file();
      if (!file || file.fieldname !== 'file') throw invalid('errors.upload.missing');
      let bytes: Buffer;
      try {
        bytes = await file.toBuffer();
      } catch (err) {
        if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw invalid('errors.upload.size');
        throw err;
      }
      return { url: await saveAvatar(ctx.providers.storage, userId, { filename: file.filename, bytes }) };
    },
  );

  if (ctx.providers.sms.isSandbox) await app.register(sandboxSmsRoutes);
}
