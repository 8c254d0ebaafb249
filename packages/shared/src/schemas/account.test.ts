import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import {
  AccountLoginFormSchema,
  AccountNameSchema,
  MobileLoginFormSchema,
  NewPasswordFormSchema,
  NicknameSchema,
  PasswordSchema,
  PhoneSchema,
} from './account.ts';

function firstError(schema: z.ZodTypeAny, value: unknown): string | null {
  const result = schema.safeParse(value);
  return result.success ? null : (result.error.issues[0]?.message ?? 'unknown');
}

describe('section 5 validation rules', () => {
  it.each([
    ['13800138000', null],
    ['19912345678', null],
    ['', 'validation.phoneRequired'],
    ['   ', 'validation.phoneRequired'],
    ['23800138000', 'validation.phoneInvalid'],
    ['1380013800', 'validation.phoneInvalid'],
    ['138001380001', 'validation.phoneInvalid'],
    ['1380013800a', 'validation.phoneInvalid'],
    ['１３８００１３８０００', 'validation.phoneInvalid'],
    [13800138000, 'validation.phoneRequired'],
  ])('phone %j -> %s', (value, expected) => {
    expect(firstError(PhoneSchema, value)).toBe(expected);
  });

  it.each([
    ['abcd', null],
    ['user_2026', null],
    ['A1234567890123_Z', null],
    ['abc', 'validation.accountInvalid'],
    ['a'.repeat(17), 'validation.accountInvalid'],
    ['user-name', 'validation.accountInvalid'],
    ['用户名字', 'validation.accountInvalid'],
    ['user name', 'validation.accountInvalid'],
  ])('account %j -> %s', (value, expected) => {
    expect(firstError(AccountNameSchema, value)).toBe(expected);
  });

  it.each([
    ['abc123', null],
    ['ABC!@#', null],
    ['123456!', null],
    ['Aa1!Aa1!Aa1!Aa1!Aa1!', null],
    ['', 'validation.passwordRequired'],
    ['abc12', 'validation.passwordRule'],
    ['Aa1!Aa1!Aa1!Aa1!Aa1!x', 'validation.passwordRule'],
    ['abcdefgh', 'validation.passwordRule'],
    ['12345678', 'validation.passwordRule'],
    ['!!!!!!!!', 'validation.passwordRule'],
    ['abc 123', 'validation.passwordRule'],
    ['ａｂｃ１２３', 'validation.passwordRule'],
  ])('password %j -> %s', (value, expected) => {
    expect(firstError(PasswordSchema, value)).toBe(expected);
  });

  it('password is case sensitive in kinds: letters of either case are one kind', () => {
    expect(firstError(PasswordSchema, 'abcDEF')).toBe('validation.passwordRule');
  });

  it.each([
    [{ password: 'abc123', confirmPassword: 'abc123' }, null],
    [{ password: 'abc123', confirmPassword: '' }, 'validation.confirmRequired'],
    [{ password: 'abc123', confirmPassword: 'abc124' }, 'validation.confirmMismatch'],
    [{ password: 'abc123', confirmPassword: 'ABC123' }, 'validation.confirmMismatch'],
  ])('new password form %j -> %s', (value, expected) => {
    expect(firstError(NewPasswordFormSchema, value)).toBe(expected);
  });

  it.each([
    ['小明', null],
    ['a'.repeat(15), null],
    ['', 'validation.nicknameRequired'],
    ['   ', 'validation.nicknameRequired'],
    ['a'.repeat(16), 'validation.nicknameTooLong'],
  ])('nickname %j -> %s', (value, expected) => {
    expect(firstError(NicknameSchema, value)).toBe(expected);
  });

  it.each([
    [{ userName: 'ab', password: '', agree: false }, 'validation.accountInvalid'],
    [{ userName: 'buyer01', password: '', agree: false }, 'validation.passwordRequired'],
    [{ userName: 'buyer01', password: '   ', agree: false }, 'validation.passwordRequired'],
    [{ userName: 'buyer01', password: '\t \t', agree: true }, 'validation.passwordRequired'],
    [{ userName: 'buyer01', password: 'x', agree: false }, 'validation.agreeTerms'],
    [{ userName: 'buyer01', password: 'x', agree: true }, null],
  ])('account login order %j -> %s', (value, expected) => {
    expect(firstError(AccountLoginFormSchema, value)).toBe(expected);
  });

  it('keeps the spaces of a password that is not blank (it is sent as typed)', () => {
    const parsed = AccountLoginFormSchema.parse({ userName: 'buyer01', password: ' ab c1 ', agree: true });
    expect(parsed.password).toBe(' ab c1 ');
  });

  it.each([
    [{ password: 'abc123', confirmPassword: '   ' }, 'validation.confirmRequired'],
    [{ password: 'abc123', confirmPassword: '' }, 'validation.confirmRequired'],
    [{ password: 'abc123', confirmPassword: 'abc124' }, 'validation.confirmMismatch'],
    [{ password: 'abc123', confirmPassword: 'abc123' }, null],
  ])('new password form %j -> %s', (value, expected) => {
    expect(firstError(NewPasswordFormSchema, value)).toBe(expected);
  });

  it.each([
    [{ mobile: '', code: '', agree: false }, 'validation.phoneRequired'],
    [{ mobile: '1380013800', code: '', agree: false }, 'validation.phoneInvalid'],
    [{ mobile: '13800138000', code: ' ', agree: false }, 'validation.codeRequired'],
    [{ mobile: '13800138000', code: '      ', agree: true }, 'validation.codeRequired'],
    [{ mobile: '13800138000', code: '123456789', agree: false }, 'validation.codeInvalid'],
    [{ mobile: '13800138000', code: '123456', agree: false }, 'validation.agreeTerms'],
    [{ mobile: '13800138000', code: '123456', agree: true }, null],
  ])('mobile login order %j -> %s', (value, expected) => {
    expect(firstError(MobileLoginFormSchema, value)).toBe(expected);
  });
});
