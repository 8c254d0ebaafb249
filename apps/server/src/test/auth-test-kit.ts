// What tests outside the auth module need of it: stored tokens are looked up by their hash.
export { hashToken } from '../modules/auth/service.ts';
