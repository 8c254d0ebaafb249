import { z } from 'zod';
import { textInput } from './text.ts';

/** The platform console's login: the same encrypted password transport as the shopper login. */
export const AdminLoginSchema = z.object({
  userName: textInput('admin.errors.usernameRequired').trim().min(1, 'admin.errors.usernameRequired').max(32, 'admin.errors.wrongCredentials'),
  passWord: textInput('admin.errors.passwordRequired').min(1, 'admin.errors.passwordRequired').max(512, 'admin.errors.passwordRequired'),
});
export type AdminLoginInput = z.infer<typeof AdminLoginSchema>;

export const AdminProfileSchema = z.object({ adminId: z.number().int(), username: z.string() });
export type AdminProfile = z.infer<typeof AdminProfileSchema>;
