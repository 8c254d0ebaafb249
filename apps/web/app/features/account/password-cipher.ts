// The storefront's password cipher is the shared one (the consoles use it too).
export { encryptPassword } from '@bazaar/shared/crypto/password-cipher';
