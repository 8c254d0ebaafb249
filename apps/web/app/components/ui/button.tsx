import type { ButtonHTMLAttributes } from 'react';

export type ButtonVariant = 'primary' | 'secondary' | 'ghost' | 'link';
export type ButtonSize = 'sm' | 'md' | 'lg';

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: ButtonVariant;
  size?: ButtonSize;
  block?: boolean;
}

export function buttonClass({ variant = 'primary', size = 'md', block = false }: Pick<ButtonProps, 'variant' | 'size' | 'block'> = {}): string {
  return ['btn', `btn--${variant}`, `btn--${size}`, block ? 'btn--block' : ''].filter(Boolean).join(' ');
}

export function Button({ variant, size, block, className, type = 'button', ...rest }: ButtonProps) {
  const classes = buttonClass({ variant, size, block }) + (className ? ` ${className}` : '');
  return <button type={type} className={classes} {...rest} />;
}
