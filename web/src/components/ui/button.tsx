import type { ComponentProps } from 'react'
import { type ButtonSize, type ButtonVariant, buttonClass } from './button-class'

export type ButtonProps = ComponentProps<'button'> & { variant?: ButtonVariant; size?: ButtonSize }

/** A `<button>` in one of the app's button looks; a plain button (`type="button"`) unless told it submits a form. */
export function Button({ variant, size, className, type = 'button', ...props }: ButtonProps) {
  return <button type={type} className={buttonClass({ variant, size, className })} {...props} />
}
