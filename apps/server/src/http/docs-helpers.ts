// Helpers for trying the API from /docs. The login password travels encrypted (decision 003), so
// "Try it out" on /login needs a fresh ciphertext: this answers one. The key is public anyway (every
// browser has it); the helper sits under /sandbox/, so it answers this machine only unless
// SANDBOX_PROVIDERS=true (plugins/sandbox-gate.ts).
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { encryptPassword } from '../modules/account/password-cipher.ts';

export const ENCRYPT_PASSWORD_PATH = '/sandbox/encrypt-password';

/** How /login (and every password field) expects the password, for the API docs. */
export const PASSWORD_CIPHER_DOC = [
  'The password is sent encrypted, never as typed: Base64 of AES-128-ECB with PKCS#7 padding, key',
  '`PASSWORD_CIPHER_KEY` (packages/shared/src/constants/cipher.ts, the same in every browser), over the',
  '13-digit millisecond timestamp followed by the password. A ciphertext is accepted within 5 minutes of',
  'its timestamp and only once. To try this call here, first get a fresh one from',
  `\`POST ${ENCRYPT_PASSWORD_PATH}\` (this machine only) and paste its \`passWord\`.`,
].join(' ');

const PlainPasswordSchema = z.object({ password: z.string().min(1).max(64).describe('The password as typed') });
const CipherSchema = z.object({ passWord: z.string().describe('The ciphertext to send as passWord (or password) within 5 minutes, once') });

export async function docsHelperRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  api.post(
    ENCRYPT_PASSWORD_PATH,
    {
      schema: {
        tags: ['sandbox'],
        summary: 'Encrypt a password for trying /login and the other password fields from these docs',
        description: PASSWORD_CIPHER_DOC,
        body: PlainPasswordSchema,
        response: { 200: CipherSchema },
      },
    },
    (request) => ({ passWord: encryptPassword(request.body.password, app.ctx.now().getTime()) }),
  );
}
