/**
 * A whole number with its thousands grouped as in English: `12345` → "12,345", as `toLocaleString('en-US')` writes it.
 * Written here rather than asked of the browser: a page's first use of `Intl`, for any format, sets up ICU's data in
 * its renderer, 20–60 ms of main thread (docs/decisions/first-use.md), and the counts on the game pages are drawn while
 * the page starts.
 */
export const formatCount = (value: number | bigint): string => String(value).replace(/\B(?=(\d{3})+(?!\d))/g, ',')
