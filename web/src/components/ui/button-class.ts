import styles from './button.module.css'

/** `primary` is the one call to action of a view; `secondary` sits beside it; `quiet` is a text link with an arrow;
 * `text` is an underlined aside, such as a way back. */
export type ButtonVariant = 'primary' | 'secondary' | 'quiet' | 'text'

/** The height and type size of a `primary` or `secondary` control; `quiet` and `text` follow the text around them. */
export type ButtonSize = 'sm' | 'md' | 'lg'

export type ButtonClassOptions = { variant?: ButtonVariant; size?: ButtonSize; className?: string }

/** The classes of a button-shaped control: one source for `<Button>` and `<ButtonLink>`, so alike looks stay alike. */
export function buttonClass({ variant = 'primary', size = 'md', className }: ButtonClassOptions = {}): string {
  return [styles.button, styles[size], styles[variant], className].filter(Boolean).join(' ')
}
