import { describe, expect, it } from 'vitest';
import { textInput } from './text.ts';

describe('textInput', () => {
  const schema = textInput('validation.nicknameRequired').trim().max(5, 'validation.nicknameTooLong');

  it('refuses NUL, escape and DEL with the invalid-input key, ahead of the other checks', () => {
    for (const bad of ['a\u0000', '\u001b[31m', 'x\u007f', '\u0000\u0000\u0000\u0000\u0000\u0000\u0000']) {
      expect(schema.safeParse(bad).error?.issues[0]?.message).toBe('validation.invalid');
    }
  });

  it('accepts tabs, line breaks and any printable text, and keeps the type message', () => {
    expect(schema.parse(' 张三\t\n ')).toBe('张三');
    expect(schema.safeParse(42).error?.issues[0]?.message).toBe('validation.nicknameRequired');
  });
});
